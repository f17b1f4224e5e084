import { z } from 'zod';
import { limits } from '../limits';
import { requiredText, tooLongMessage } from '../request-fields';
import { validationMessages } from '../validation-messages';

export const organizationRoles = ['admin', 'member'] as const;
export type OrganizationRole = (typeof organizationRoles)[number];

export const organizationMessages = {
  notFound: 'Organisation not found',
  lastAdmin: 'An organisation keeps at least one admin: make another member admin first',
  role: "Please choose a role: 'admin' or 'member'",
  notAdmin: 'Please choose an organisation you are an admin of',
  adminOnly: 'Only an admin of the organisation can do this',
  defaultTaken: 'This organisation already has a default smart cluster',
  deleteShared:
    'This smart cluster is shared with an organisation: delete it with DELETE /cluster/clusters/shared/{id}',
} as const;

/** `POST /auth/organizations`: the creator becomes its first admin. */
export const createOrganizationSchema = z.object({
  name: requiredText(
    validationMessages.name,
    limits.nameMaxLength,
    tooLongMessage('Name', limits.nameMaxLength),
  ),
});

/** `POST /auth/organizations/{id}/members`: invites a user, by username, with the role offered. */
export const addMemberSchema = z.object({
  username: requiredText(
    validationMessages.username,
    limits.nameMaxLength,
    validationMessages.username,
  ),
  role: z.enum(organizationRoles, { error: organizationMessages.role }).default('member'),
});

export const organizationMemberSchema = z.object({
  user_uuid: z.string(),
  username: z.string(),
  role: z.enum(organizationRoles),
});

/** An organisation as its members see it: their own role and who else belongs. */
export const organizationSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  role: z.enum(organizationRoles),
  members: z.array(organizationMemberSchema),
  createdAt: z.string(),
});

export type Organization = z.infer<typeof organizationSchema>;

/** `GET /auth/organizations`: the caller's organisations, oldest first. */
export const organizationListSchema = z.array(organizationSchema);
