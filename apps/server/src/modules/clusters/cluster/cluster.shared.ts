import { organizationMessages, roleAllows } from '@meridian/domain/auth/organization';
import type { Database } from '../../../platform/db/database';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/http/errors';
import { organizationRoles } from '../../account/account.public';
import type { ClusterContext } from '../cluster-context';
import {
  findOwnSmartCluster,
  findSharedSmartCluster,
  organizationHasDefault,
} from './cluster.queries';
import type { SmartClusterRow } from '../../../platform/db/schema/clusters';

/**
 * Shared smart clusters (spec `default_shared_for_org_uuid`): one per organisation, made by one
 * of its admins, seen by all its members, deleted only through `DELETE /clusters/shared/{id}`
 * by its owner or an admin of the organisation.
 */

/** The organisation a new smart cluster becomes the default of: one the caller is an admin of. */
export async function organizationToShareWith(
  db: Database,
  userId: string,
  organizationId: string | undefined,
): Promise<string | null> {
  if (!organizationId) return null;
  const roles = await organizationRoles(db, userId);
  const role = roles.get(organizationId);
  if (!role || !roleAllows(role, 'admin')) {
    throw new ValidationError([organizationMessages.notAdmin]);
  }
  return organizationId;
}

/** Inside the creating transaction: a second default for the organisation is refused. */
export async function claimOrganizationDefault(tx: Database, organizationId: string | null) {
  if (organizationId && (await organizationHasDefault(tx, organizationId))) {
    throw new ConflictError(organizationMessages.defaultTaken);
  }
}

/** The ids of the organisations whose shared smart clusters the user sees. */
export async function organizationsOf(db: Database, userId: string): Promise<string[]> {
  return [...(await organizationRoles(db, userId)).keys()];
}

/**
 * The smart cluster a delete names, if this caller may delete it this way: their own unshared
 * one through the plain call; a shared one through the shared call, as its owner or an admin.
 */
export async function deletableSmartCluster(
  { db }: ClusterContext,
  userId: string,
  id: string,
  shared: boolean,
): Promise<SmartClusterRow> {
  if (!shared) {
    const own = await findOwnSmartCluster(db, userId, id);
    if (!own) throw new NotFoundError('Smart cluster not found');
    if (own.defaultSharedForOrgUuid) throw new ConflictError(organizationMessages.deleteShared);
    return own;
  }
  const row = await findSharedSmartCluster(db, id);
  const roles = row ? await organizationRoles(db, userId) : new Map();
  const role = row && roles.get(row.defaultSharedForOrgUuid!);
  const allowed = row && (row.userId === userId || (role && roleAllows(role, 'admin')));
  if (!allowed) throw new NotFoundError('Shared smart cluster not found');
  return row;
}
