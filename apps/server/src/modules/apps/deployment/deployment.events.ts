import type { DeploymentOperation } from '@meridian/domain/apps/app-api';
import {
  eventType,
  type EventPayload,
  type ResourceEventType,
} from '@meridian/domain/events/event-catalogue';
import type { AppRow, VersionRow } from '../../../platform/db/schema/apps';
import type { SmartClusterRow } from '../../../platform/db/schema/clusters';
import type { DeploymentWork } from './deployment.types';

export const removalOperations: readonly DeploymentOperation[] = ['delete', 'cascaded_delete'];

/** The event a deployment group's operation reports: Heat deployments are stacks (spec "Entities and their fields"). */
export function eventFor(
  templateType: VersionRow['templateType'],
  operation: DeploymentOperation,
  outcome: 'PENDING' | 'FULFILLED' | 'REJECTED',
): ResourceEventType {
  if (templateType === 'HEAT') {
    return eventType('STACK', removalOperations.includes(operation) ? 'DELETE' : 'CREATE', outcome);
  }
  const action = (
    {
      create: 'CREATE',
      deploy: 'DEPLOY',
      update: 'UPDATE',
      // Removing a version from one smart cluster changes the app; it is not the app's deletion.
      delete: 'UPDATE',
      cascaded_delete: 'CASCADED_DELETE',
    } as const
  )[operation];
  return eventType('APP', action, outcome);
}

/** What an app event names: the app, and the smart cluster, version and reason when known. */
export function payloadOf(
  app: Pick<AppRow, 'id' | 'name'>,
  smart?: Pick<SmartClusterRow, 'id' | 'name'>,
  version?: Pick<VersionRow, 'name'>,
  reason?: string | null,
): EventPayload {
  return {
    app_name: app.name,
    app_uuid: app.id,
    ...(smart ? { smart_cluster_name: smart.name, smart_cluster_uuid: smart.id } : {}),
    ...(version ? { version_name: version.name } : {}),
    ...(reason ? { status_reason: reason } : {}),
  };
}

/** A preview's event (issue 39): deployed (a new commit too) or removed, with its request's number. */
export function previewEvent(
  work: Pick<DeploymentWork, 'app' | 'smartCluster' | 'deployment'>,
  operation: DeploymentOperation,
  outcome: 'PENDING' | 'FULFILLED' | 'REJECTED',
  reason?: string | null,
): { type: ResourceEventType; payload: EventPayload } {
  const { app, smartCluster, deployment } = work;
  const name = deployment.domainNames[0];
  return {
    type: eventType(
      'PREVIEW',
      removalOperations.includes(operation) ? 'DELETE' : 'DEPLOY',
      outcome,
    ),
    payload: {
      ...payloadOf(app, smartCluster, undefined, reason),
      ...(deployment.previewNumber === null ? {} : { pr_number: deployment.previewNumber }),
      ...(name ? { preview_name: name } : {}),
    },
  };
}
