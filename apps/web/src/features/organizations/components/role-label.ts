import type { OrganizationRole } from '@meridian/domain/auth/organization';
import { t } from '../organizations.texts';

/** A role as people read it. */
export function roleLabel(role: OrganizationRole): string {
  return t(`organizations.role.${role}`);
}
