import { z } from 'zod';
import { limits } from '../limits';
import { tooLongMessage } from '../request-fields';
import { validationMessages } from '../validation-messages';
import { newPasswordField } from './user';

/** `PUT /auth/password`. */
export const changePasswordSchema = z.object({
  current_password: z
    .string({ error: 'Enter your current password' })
    .min(1, 'Enter your current password')
    .max(limits.passwordMaxLength, tooLongMessage('Password', limits.passwordMaxLength)),
  new_password: newPasswordField,
});

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const codeMessage = 'Enter the code from your authenticator app';

const codeField = z.string({ error: codeMessage }).trim().min(1, codeMessage).max(64, codeMessage);

/** `POST /auth/2fa/setup`: the secret to add to an authenticator app, shown until enabled. */
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauth_url: z.string() });

export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** `POST /auth/2fa/enable`. */
export const enableTwoFactorSchema = z.object({ code: codeField });

/** `POST /auth/2fa/enable`'s answer: ten one-time codes, shown this once. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** `POST /auth/2fa/disable`: the password and a code (or a recovery code). */
export const disableTwoFactorSchema = z.object({
  password: z
    .string({ error: validationMessages.password })
    .min(1, validationMessages.password)
    .max(limits.passwordMaxLength, tooLongMessage('Password', limits.passwordMaxLength)),
  code: codeField,
});

/** `GET /auth/2fa`: whether the account asks for a code at login. */
export const twoFactorStatusSchema = z.object({ enabled: z.boolean() });

export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
