import { currentLocale } from '../i18n/locale';
import { localizedServerMessage } from '../i18n/server-messages';
import { describeEvent, isEventType } from '@meridian/domain/events/event-catalogue';
import type { NotificationEvent } from '@meridian/domain/events/notification-event';
import { categoryFromCode, statusFromCode } from '@meridian/domain/notifications';

/** The server data a live event makes stale. */
export type StaleResource =
  'apps' | 'domains' | 'clusters' | 'smartClusters' | 'traffic' | 'organizations';

export interface EventEffects {
  notice: {
    kind: 'success' | 'error' | 'info';
    title: string;
    description?: string;
    key: string;
  } | null;
  refetch: StaleResource[];
}

/**
 * The notice key of an operation on a resource ('DOMAIN', 'CREATE', its uuid): the console's own
 * notice for an action and the live event's for the same operation share it, so the second
 * replaces the first instead of stacking a duplicate.
 */
export function operationNoticeKey(subject: string, action: string, uuid: string): string {
  return `${subject}_${action}:${uuid}`;
}

/** The notice key of an event: its subject and action, and the uuid of what it concerns. */
function eventNoticeKey(event: NotificationEvent): string {
  const payload = event.payload ?? {};
  const uuid =
    payload.domain_name_uuid ??
    payload.app_uuid ??
    payload.cluster_uuid ??
    payload.smart_cluster_uuid ??
    event.uuid;
  return `${event.event_type.replace(/_(PENDING|FULFILLED|REJECTED)$/, '')}:${uuid}`;
}

/** Title and description of an event for people, in the console's language: from the catalogue, else what the event says. */
export function eventText(event: NotificationEvent): { title: string; description?: string } {
  if (isEventType(event.event_type)) {
    return describeEvent(
      event.event_type,
      event.payload ?? {},
      currentLocale(),
      localizedServerMessage,
    );
  }
  return {
    title: event.message?.title ?? event.event_type,
    description: event.message?.description,
  };
}

/**
 * Spec "States and transitions" live events: rejected → error notice, fulfilled → success notice, others none; stack,
 * app, certificate and subdomain events refetch apps and domains, cluster events clusters,
 * smart cluster events clusters and smart clusters, traffic events the traffic. Beyond the spec,
 * an invitation is told as an information notice and refreshes the organisations.
 */
export function eventEffects(event: NotificationEvent): EventEffects {
  const status = statusFromCode(event.status);
  const category = categoryFromCode(event.category);
  const text = eventText(event);
  const key = eventNoticeKey(event);
  const notice =
    status === 'REJECTED'
      ? { kind: 'error' as const, ...text, key }
      : status === 'FULFILLED'
        ? { kind: 'success' as const, title: text.title, key }
        : category === 'ORGANIZATION'
          ? { kind: 'info' as const, ...text, key }
          : null;

  let refetch: StaleResource[] = [];
  switch (category) {
    case 'APP':
    case 'STACK':
    case 'CERTIFICATE':
    case 'SUBDOMAIN':
      refetch = ['apps', 'domains'];
      break;
    case 'CLUSTER':
    case 'CLUSTER_DNS':
      refetch = ['clusters'];
      break;
    case 'SMART_CLUSTER':
      refetch = ['clusters', 'smartClusters'];
      break;
    case 'DOMAIN':
      refetch = ['domains'];
      break;
    case 'TRAFFIC':
      refetch = ['traffic'];
      break;
    case 'ORGANIZATION':
      refetch = ['organizations'];
      break;
    default:
      refetch = [];
  }
  return { notice, refetch };
}
