// The account context's public face (docs/architecture.md): the only file of it that other
// contexts import. The events every context records, the keypair stacks boot with, usage
// metering and organisation roles.
import type { OrganizationRole } from '@meridian/domain/auth/organization';
import type { Database } from '../../platform/db/database';
import { membershipsOf } from './organization/organization.queries';

export { recordEvent } from './event/event.service';
export { ensureUserKeypair } from './keypair/keypair.service';
export { meterDeployment, meterMember } from './billing/metering';
export { ownRegistryCredentials } from './registry/registry.service';

/** The organisations a user belongs to and their role in each (shared smart clusters). */
export async function organizationRoles(
  db: Database,
  userId: string,
): Promise<Map<string, OrganizationRole>> {
  const memberships = await membershipsOf(db, userId);
  return new Map(memberships.map((membership) => [membership.id, membership.role]));
}
