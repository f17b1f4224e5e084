import { z } from 'zod';
import { limits } from '../limits';
import { requiredText, tooLongMessage } from '../request-fields';
import { validationMessages } from '../validation-messages';

/** Saved private registry credentials (issue 36): the password is sealed, never answered. */
export const registryMessages = {
  url: 'The registry URL must start with https://',
  fieldTooLong: tooLongMessage('A registry field', 500),
  duplicateName: 'You already have a registry of this name',
  notFound: 'Registry not found',
  tooMany: 'Save at most 50 registries',
} as const;

export const registriesMax = 50;

const field = requiredText(validationMessages.required, 500, registryMessages.fieldTooLong);

/** `POST /auth/registries`. */
export const createRegistrySchema = z.object({
  name: requiredText(
    validationMessages.name,
    limits.nameMaxLength,
    tooLongMessage('Name', limits.nameMaxLength),
  ),
  url: field.pipe(z.string().regex(/^https:\/\/[^\s/]+/, registryMessages.url)),
  username: field,
  password: field,
});

export type CreateRegistryInput = z.infer<typeof createRegistrySchema>;

/** A saved registry as listed: never its password. */
export const registrySchema = z.object({
  uuid: z.string(),
  name: z.string(),
  url: z.string(),
  username: z.string(),
  created_at: z.string(),
});

export type Registry = z.infer<typeof registrySchema>;

/** `GET /auth/registries`: newest first. */
export const registryListSchema = z.object({ registries: z.array(registrySchema) });

export type RegistryList = z.infer<typeof registryListSchema>;
