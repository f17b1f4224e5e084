import type { OrganizationRole } from '@meridian/domain/auth/organization';
import type { Database } from '../../../platform/db/database';
import { membershipsOf } from './organization.queries';

/** The organisations a user belongs to and their role in each, as the cluster module reads them. */
export async function organizationRoles(
  db: Database,
  userId: string,
): Promise<Map<string, OrganizationRole>> {
  const memberships = await membershipsOf(db, userId);
  return new Map(memberships.map((membership) => [membership.id, membership.role]));
}
