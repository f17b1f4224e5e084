import { z } from 'zod';
import { locales } from '../i18n/locale';
import { limits } from '../limits';
import { hasNoNul, tooLongMessage } from '../request-fields';
import { validationMessages } from '../validation-messages';

export const passwordMinLength = 8;

/** A new password (an account's first, or a change); the common-password check is the server's. */
export const newPasswordField = z
  .string({ error: validationMessages.password })
  .min(passwordMinLength, `Password must be at least ${passwordMinLength} characters`)
  .max(limits.passwordMaxLength, tooLongMessage('Password', limits.passwordMaxLength))
  .refine(hasNoNul, validationMessages.password);

/** `POST /auth/users`: an admin creates an account (the spec has no sign-up). */
export const createUserSchema = z.object({
  username: z
    .string({ error: validationMessages.username })
    .trim()
    .min(1, validationMessages.username)
    .max(limits.nameMaxLength, `Username must be at most ${limits.nameMaxLength} characters`)
    .regex(/^[A-Za-z0-9._@-]+$/, 'Username may contain letters, digits, ".", "_", "@" and "-"'),
  email: z
    .string({ error: validationMessages.email })
    .trim()
    .max(254, validationMessages.email)
    .pipe(z.email({ error: validationMessages.email })),
  password: newPasswordField,
});

export type CreateUserInput = z.infer<typeof createUserSchema>;

export const userSchema = z.object({
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});

export type User = z.infer<typeof userSchema>;

/** The console's language a user chooses (issue 40). */
export const localeSchema = z.enum(locales, { error: 'Please choose en or fr-CA' });

/** `GET /auth/session`: who the presented credentials belong to, and the language they chose. */
export const sessionUserSchema = userSchema
  .omit({ createdAt: true })
  .extend({ locale: localeSchema.nullable() });

/** `PUT /auth/users/me`: what a user sets about themselves (issue 40: the console's language). */
export const updateMeSchema = z.object({ locale: localeSchema });

export type UpdateMeInput = z.infer<typeof updateMeSchema>;

export type SessionUser = z.infer<typeof sessionUserSchema>;
