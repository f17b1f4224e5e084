import type { EventPayload, EventType } from '@meridian/domain/events/event-catalogue';
import type { Database } from '../../../platform/db/database';
import { recordEvent } from '../../account/account.public';
import type { ClusterRow, SmartClusterRow } from '../../../platform/db/schema/clusters';

export async function event(
  tx: Database,
  userId: string,
  type: EventType,
  payload: EventPayload,
): Promise<void> {
  await recordEvent(tx, { userId, type, payload });
}

export function smartPayload(row: SmartClusterRow, reason?: string | null): EventPayload {
  return {
    smart_cluster_name: row.name,
    smart_cluster_uuid: row.id,
    ...(reason ? { status_reason: reason } : {}),
  };
}

export function memberPayload(row: ClusterRow, reason?: string | null): EventPayload {
  return {
    cluster_name: row.name,
    cluster_uuid: row.id,
    datacenter_uuid: row.datacenterUuid,
    smart_cluster_uuid: row.smartClusterId,
    ...(reason ? { status_reason: reason } : {}),
  };
}
