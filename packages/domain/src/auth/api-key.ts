import { z } from 'zod';
import { limits } from '../limits';
import { requiredText, tooLongMessage } from '../request-fields';
import { validationMessages } from '../validation-messages';

/**
 * What a key may do (issue 37): `read` any GET, `deploy` reads plus the routes a pipeline needs
 * (versions, deploying, images, rollbacks), `admin` everything a key could do before scopes.
 */
export const apiKeyScopes = ['read', 'deploy', 'admin'] as const;

export type ApiKeyScope = (typeof apiKeyScopes)[number];

const scopesMessage = 'Scopes must be a list of "read", "deploy" and "admin"';

/** `POST /auth/api_key` body and the console's create form: a trimmed, required name. */
export const createApiKeySchema = z.object({
  name: requiredText(
    validationMessages.name,
    limits.nameMaxLength,
    tooLongMessage('Name', limits.nameMaxLength),
  ),
  /** None: the key may do everything a key could before scopes. */
  scopes: z
    .array(z.enum(apiKeyScopes, { error: scopesMessage }), { error: scopesMessage })
    .max(apiKeyScopes.length, scopesMessage)
    .optional(),
  expires_at: z.iso
    .datetime({ offset: true, error: 'The expiry must be a date and time (ISO 8601)' })
    .optional(),
  /** The organisation the key acts for; the caller must be one of its members. */
  organization_uuid: z.uuid({ error: 'Choose an organisation you are a member of' }).optional(),
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
export const apiKeySummarySchema = z.object({
  name: z.string(),
  created_at: z.string(),
  /** Empty: no scopes, the key may do everything a key could before scopes. */
  scopes: z.array(z.enum(apiKeyScopes)),
  expires_at: z.string().nullable(),
  /** To the minute: it is written at most once a minute per key. */
  last_used_at: z.string().nullable(),
  organization_uuid: z.string().nullable(),
});

export type ApiKeySummary = z.infer<typeof apiKeySummarySchema>;

/** `GET /auth/api_key`: newest first. */
export const apiKeyListSchema = z.object({ keys: z.array(apiKeySummarySchema) });

export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** `POST /auth/api_key`: the only time the key is shown. */
export const createdApiKeySchema = z.object({ name: z.string(), key: z.string() });

export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** Every key starts with this, so a leaked one is easy to recognise in logs and scanners. */
export const apiKeyPrefix = 'mk_';
