import { z } from 'zod';
import type { NotificationCategory, NotificationStatus } from '../notifications';

/**
 * The event catalogue of spec "Entities and their fields": every subject × action × outcome, with its category, status
 * and title. Event type = `SUBJECT_ACTION_OUTCOME`, e.g. `SMART_CLUSTER_CREATE_FULFILLED`.
 */
interface Subject {
  category: NotificationCategory;
  noun: string;
  /** The payload field whose value names the resource in titles. */
  nameField: keyof EventPayload;
  actions: readonly EventAction[];
}

export type EventAction = 'CREATE' | 'DEPLOY' | 'UPDATE' | 'DELETE' | 'CASCADED_DELETE' | 'RENEW';
export type EventOutcome = 'PENDING' | 'FULFILLED' | 'REJECTED';

export const eventSubjects = {
  APP: {
    category: 'APP',
    noun: 'App',
    nameField: 'app_name',
    actions: ['CREATE', 'DEPLOY', 'UPDATE', 'DELETE', 'CASCADED_DELETE'],
  },
  STACK: { category: 'STACK', noun: 'Stack', nameField: 'app_name', actions: ['CREATE', 'DELETE'] },
  VERSION: { category: 'APP', noun: 'Version', nameField: 'version_name', actions: ['DELETE'] },
  CLUSTER: {
    category: 'CLUSTER',
    noun: 'Cluster',
    nameField: 'cluster_name',
    actions: ['CREATE', 'DELETE'],
  },
  CERTIFICATE: {
    category: 'CERTIFICATE',
    noun: 'Certificate for',
    nameField: 'app_name',
    actions: ['CREATE', 'RENEW'],
  },
  SMART_CLUSTER: {
    category: 'SMART_CLUSTER',
    noun: 'Smart cluster',
    nameField: 'smart_cluster_name',
    actions: ['CREATE', 'UPDATE', 'DELETE'],
  },
  DOMAIN: {
    category: 'DOMAIN',
    noun: 'Domain',
    nameField: 'domain_name',
    actions: ['CREATE', 'DELETE'],
  },
  SMART_CLUSTER_APP_SUBDOMAIN: {
    category: 'SUBDOMAIN',
    noun: 'Domain names of app',
    nameField: 'app_name',
    actions: ['UPDATE'],
  },
  CLUSTER_DNS: {
    category: 'CLUSTER_DNS',
    noun: 'DNS of cluster',
    nameField: 'cluster_name',
    actions: ['CREATE', 'DELETE'],
  },
} as const satisfies Record<string, Subject>;

export type EventSubject = keyof typeof eventSubjects;

type ActionOf<S extends EventSubject> = (typeof eventSubjects)[S]['actions'][number];

export type ResourceEventType = {
  [S in EventSubject]: `${S}_${ActionOf<S>}_${EventOutcome}`;
}[EventSubject];

export const trafficEventType = 'TRAFFIC_UPDATE';
/** Told to the invitee: someone invited them to join an organisation. */
export const invitationEventType = 'ORGANIZATION_INVITATION';
export type EventType = ResourceEventType | typeof trafficEventType | typeof invitationEventType;

/** What an event carries about the resource it concerns: stored with the event and sent as is. */
export const eventPayloadSchema = z.object({
  cluster_name: z.string().optional(),
  cluster_uuid: z.string().optional(),
  datacenter_uuid: z.string().optional(),
  app_name: z.string().optional(),
  app_uuid: z.string().optional(),
  version_name: z.string().optional(),
  domain_name: z.string().optional(),
  domain_name_uuid: z.string().optional(),
  smart_cluster_name: z.string().optional(),
  smart_cluster_uuid: z.string().optional(),
  organization_name: z.string().optional(),
  organization_uuid: z.string().optional(),
  /** The inviter's username, on an invitation. */
  invited_by: z.string().optional(),
  /** Why a rejected operation failed, in words a user can act on. */
  status_reason: z.string().optional(),
});

export type EventPayload = z.infer<typeof eventPayloadSchema>;

export interface EventTypeEntry {
  category: NotificationCategory;
  status: NotificationStatus;
  message_title: string;
  message_description?: string;
}

const words: Record<EventAction, { past: string; noun: string }> = {
  CREATE: { past: 'created', noun: 'creation' },
  DEPLOY: { past: 'deployed', noun: 'deployment' },
  UPDATE: { past: 'updated', noun: 'update' },
  DELETE: { past: 'deleted', noun: 'deletion' },
  CASCADED_DELETE: { past: 'deployments removed', noun: 'deployment removal' },
  RENEW: { past: 'renewed', noun: 'renewal' },
};

const rejectedDescription = 'Please try again or contact support.';

function entry(subject: Subject, action: EventAction, outcome: EventOutcome): EventTypeEntry {
  const title = `${subject.noun} {${subject.nameField}}`;
  const { past, noun } = words[action];
  switch (outcome) {
    case 'PENDING':
      return {
        category: subject.category,
        status: 'PENDING',
        message_title: `${title} ${noun} started.`,
      };
    case 'FULFILLED':
      return {
        category: subject.category,
        status: 'FULFILLED',
        message_title: `${title} ${past}.`,
      };
    case 'REJECTED':
      return {
        category: subject.category,
        status: 'REJECTED',
        message_title: `${title} ${noun} failed.`,
        message_description: rejectedDescription,
      };
  }
}

const outcomes: readonly EventOutcome[] = ['PENDING', 'FULFILLED', 'REJECTED'];

export const eventCatalogue = Object.fromEntries([
  ...Object.entries(eventSubjects).flatMap(([name, subject]) =>
    subject.actions.flatMap((action) =>
      outcomes.map((outcome) => [`${name}_${action}_${outcome}`, entry(subject, action, outcome)]),
    ),
  ),
  [trafficEventType, { category: 'TRAFFIC', status: 'TRAFFIC', message_title: 'Traffic updated.' }],
  [
    invitationEventType,
    {
      category: 'ORGANIZATION',
      // Pending: it waits for the invitee's answer.
      status: 'PENDING',
      message_title: '{invited_by} invited you to join organisation {organization_name}.',
      message_description: 'Accept or decline it on the Organisations page.',
    },
  ],
]) as Record<EventType, EventTypeEntry>;

export function eventType<S extends EventSubject>(
  subject: S,
  action: ActionOf<S>,
  outcome: EventOutcome,
): ResourceEventType {
  return `${subject}_${action}_${outcome}` as ResourceEventType;
}

export function isEventType(value: string): value is EventType {
  return Object.hasOwn(eventCatalogue, value);
}

/**
 * Title and description for a user: placeholders become the quoted name (spec "The error catalogue"); a missing
 * name drops its placeholder. A rejected event's status reason leads its description.
 */
export function describeEvent(
  type: EventType,
  payload: EventPayload,
): { title: string; description?: string } {
  const entry = eventCatalogue[type];
  const title = entry.message_title
    .replace(/\{(\w+)\}/g, (_match, field: string) => {
      const value = payload[field as keyof EventPayload];
      return value ? `"${value}"` : '';
    })
    .replace(/ {2,}/g, ' ');
  // A started or finished operation may say what it does and why (a move on traffic, say).
  if (entry.status !== 'REJECTED') {
    const description = payload.status_reason ?? entry.message_description;
    return description ? { title, description } : { title };
  }
  // A reason is a sentence of its own: end it before the advice that follows.
  const reason = payload.status_reason?.replace(/([^.!?])$/, '$1.');
  const description = [reason, entry.message_description].filter(Boolean).join(' ');
  return { title, description };
}
