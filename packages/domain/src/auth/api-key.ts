import { z } from 'zod';
import { limits } from '../limits';
import { requiredText, tooLongMessage } from '../request-fields';
import { validationMessages } from '../validation-messages';

/** `POST /auth/api_key` body and the console's create form: a trimmed, required name. */
export const createApiKeySchema = z.object({
  name: requiredText(
    validationMessages.name,
    limits.nameMaxLength,
    tooLongMessage('Name', limits.nameMaxLength),
  ),
});

export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

/** `DELETE /auth/api_key` body: revoke the caller's key of this name. */
export const revokeApiKeySchema = z.object({
  name: requiredText(
    validationMessages.name,
    limits.nameMaxLength,
    tooLongMessage('Name', limits.nameMaxLength),
  ),
});

export type RevokeApiKeyInput = z.infer<typeof revokeApiKeySchema>;

/** A key as listed (spec "Entities and their fields"): the value itself is only ever returned at creation. */
export const apiKeySummarySchema = z.object({ name: z.string(), created_at: z.string() });

export type ApiKeySummary = z.infer<typeof apiKeySummarySchema>;

/** `GET /auth/api_key`: newest first. */
export const apiKeyListSchema = z.object({ keys: z.array(apiKeySummarySchema) });

export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** `POST /auth/api_key`: the only time the key is shown. */
export const createdApiKeySchema = z.object({ name: z.string(), key: z.string() });

export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** Every key starts with this, so a leaked one is easy to recognise in logs and scanners. */
export const apiKeyPrefix = 'mk_';
