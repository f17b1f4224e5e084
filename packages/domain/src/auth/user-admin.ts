import { z } from 'zod';
import { listPageQuerySchema } from '../list-page';
import { newPasswordField, userSchema } from './user';

/** The installation admin's Users page (issue 37): every account, with whether it may sign in. */
export const userAdminMessages = {
  disabled: 'This account is disabled; ask an administrator of this Meridian',
  notYourself: 'You cannot disable your own account',
  notFound: 'User not found',
  adminOnly: 'Only an administrator of this Meridian can manage users',
} as const;

export const adminUserSchema = userSchema.extend({ disabled: z.boolean() });

export type AdminUser = z.infer<typeof adminUserSchema>;

/** `GET /auth/users?limit&offset`: one page, oldest first. */
export const adminUserPageSchema = z.object({
  items: z.array(adminUserSchema),
  total: z.number().int(),
});

export const adminUserQuerySchema = listPageQuerySchema;

/** `PUT /auth/users/{id}`: disable (signs out everywhere, refuses its API keys) or enable. */
export const adminUserUpdateSchema = z.object({
  disabled: z.boolean({ error: 'Please say whether the account is disabled (true or false)' }),
});

/** `POST /auth/users/{id}/password`: the admin sets a new password; the user's sessions end. */
export const passwordResetSchema = z.object({ new_password: newPasswordField });
