import { z } from 'zod';
import { limits } from '../limits';
import { hasNoNul, requiredText, tooLongMessage } from '../request-fields';
import { validationMessages } from '../validation-messages';
import type { LoginResult } from './login-result';

/** Login form and `POST /auth/login` body: both fields required, with the spec's messages. */
export const loginSchema = z.object({
  username: requiredText(
    validationMessages.username,
    limits.nameMaxLength,
    tooLongMessage('Username', limits.nameMaxLength),
  ),
  password: z
    .string({ error: validationMessages.password })
    .min(1, validationMessages.password)
    .max(limits.passwordMaxLength, tooLongMessage('Password', limits.passwordMaxLength))
    .refine(hasNoNul, validationMessages.password),
  /** The authenticator app's code, or a recovery code, once two-factor authentication is on. */
  code: z.string().trim().max(64, 'Enter the code from your authenticator app').optional(),
});

export type LoginInput = z.infer<typeof loginSchema>;

/** Login state of spec "Entities and their fields", kept in local storage under one constant key. */
export interface LoginState {
  isPending: boolean;
  isFulFilled: boolean;
  isRejected: boolean;
  data: Partial<LoginResult>;
}
