// zod/mini: the console's first page checks the session with these shapes.
import { z } from 'zod/mini';
import { limits } from '../limits';
import { hasNoNul, tooLongMessage } from '../request-fields';
import { validationMessages } from '../validation-messages';

export const passwordMinLength = 8;

/** `POST /auth/users`: an admin creates an account (the spec has no sign-up). */
export const createUserSchema = z.object({
  username: z
    .string({ error: validationMessages.username })
    .check(
      z.trim(),
      z.minLength(1, validationMessages.username),
      z.maxLength(
        limits.nameMaxLength,
        `Username must be at most ${limits.nameMaxLength} characters`,
      ),
      z.regex(/^[A-Za-z0-9._@-]+$/, 'Username may contain letters, digits, ".", "_", "@" and "-"'),
    ),
  email: z.pipe(
    z
      .string({ error: validationMessages.email })
      .check(z.trim(), z.maxLength(254, validationMessages.email)),
    z.email({ error: validationMessages.email }),
  ),
  password: z
    .string({ error: validationMessages.password })
    .check(
      z.minLength(passwordMinLength, `Password must be at least ${passwordMinLength} characters`),
      z.maxLength(limits.passwordMaxLength, tooLongMessage('Password', limits.passwordMaxLength)),
      z.refine(hasNoNul, validationMessages.password),
    ),
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

/** `GET /auth/session`: who the presented credentials belong to. */
export const sessionUserSchema = z.omit(userSchema, { createdAt: true });

export type SessionUser = z.infer<typeof sessionUserSchema>;
