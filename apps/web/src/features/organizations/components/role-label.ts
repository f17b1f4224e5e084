import { organizationRoles, type OrganizationRole } from '@meridian/domain/auth/organization';
import { t } from '../organizations.texts';

/** A role as people read it. */
export function roleLabel(role: OrganizationRole): string {
  return t(`organizations.role.${role}`);
}

/** The roles a member with `role` may hand out: owner only by an owner. */
export function grantableRoles(role: OrganizationRole): OrganizationRole[] {
  return organizationRoles.filter((entry) => entry !== 'owner' || role === 'owner');
}
