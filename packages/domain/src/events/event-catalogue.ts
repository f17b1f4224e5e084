import { z } from 'zod';
import type { NotificationCategory, NotificationStatus } from '../notifications';
import type { Locale } from '../i18n/locale';
import { frenchResourceTitle, frenchTitles } from './event-titles.fr-CA';

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
  /** Issue 39: a pull/merge request's preview deployment (`PREVIEW_DEPLOY_FULFILLED` when reachable). */
  PREVIEW: {
    category: 'APP',
    noun: 'Preview of',
    nameField: 'app_name',
    actions: ['DEPLOY', 'DELETE'],
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
/** The month's metered cost crossed one of the budget's thresholds (issue 39 item 4). */
export const budgetEventType = 'BUDGET_THRESHOLD_REACHED';
export type EventType =
  ResourceEventType | typeof trafficEventType | typeof invitationEventType | typeof budgetEventType;

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
  /** A budget alert: the threshold reached (80) and the budget it is of ("$500.00 CAD"). */
  budget_percent: z.string().optional(),
  budget_amount: z.string().optional(),
  /** A preview's pull/merge request number (issue 39). */
  pr_number: z.number().optional(),
  /** The domain name a preview answers on, when its git source names a domain (issue 39). */
  preview_name: z.string().optional(),
  /** Why a rejected operation failed, in words a user can act on. */
  status_reason: z.string().optional(),
  /** How a rollout that did not complete ended: halted by a failing step, or aborted by its user. */
  rollout_outcome: z.enum(['halted', 'aborted']).optional(),
});

export type EventPayload = z.infer<typeof eventPayloadSchema>;

export interface EventTypeEntry {
  category: NotificationCategory;
  status: NotificationStatus;
  message_title: string;
  message_description?: string;
  /** The same in Canadian French (issue 40), with the same placeholders. */
  fr: { message_title: string; message_description?: string };
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

function entry(
  name: string,
  subject: Subject,
  action: EventAction,
  outcome: EventOutcome,
): EventTypeEntry {
  const title = `${subject.noun} {${subject.nameField}}`;
  const { past, noun } = words[action];
  const fr = { message_title: frenchResourceTitle(name, subject.nameField, action, outcome) };
  switch (outcome) {
    case 'PENDING':
      return {
        category: subject.category,
        status: 'PENDING',
        message_title: `${title} ${noun} started.`,
        fr,
      };
    case 'FULFILLED':
      return {
        category: subject.category,
        status: 'FULFILLED',
        message_title: `${title} ${past}.`,
        fr,
      };
    case 'REJECTED':
      return {
        category: subject.category,
        status: 'REJECTED',
        message_title: `${title} ${noun} failed.`,
        message_description: rejectedDescription,
        fr: { ...fr, message_description: frenchTitles.rejectedDescription },
      };
  }
}

const outcomes: readonly EventOutcome[] = ['PENDING', 'FULFILLED', 'REJECTED'];

export const eventCatalogue = Object.fromEntries([
  ...Object.entries(eventSubjects).flatMap(([name, subject]) =>
    subject.actions.flatMap((action) =>
      outcomes.map((outcome) => [
        `${name}_${action}_${outcome}`,
        entry(name, subject, action, outcome),
      ]),
    ),
  ),
  [
    trafficEventType,
    {
      category: 'TRAFFIC',
      status: 'TRAFFIC',
      message_title: 'Traffic updated.',
      fr: { message_title: frenchTitles.traffic },
    },
  ],
  [
    invitationEventType,
    {
      category: 'ORGANIZATION',
      // Pending: it waits for the invitee's answer.
      status: 'PENDING',
      message_title: '{invited_by} invited you to join organisation {organization_name}.',
      message_description: 'Accept or decline it on the Organisations page.',
      fr: {
        message_title: frenchTitles.invitation,
        message_description: frenchTitles.invitationDescription,
      },
    },
  ],
  [
    budgetEventType,
    {
      category: 'BUDGET',
      status: 'FULFILLED',
      message_title: 'Budget: {budget_percent} % of {budget_amount} reached this month.',
      message_description: 'See the forecast on the Billing page.',
      fr: {
        message_title: frenchTitles.budget,
        message_description: frenchTitles.budgetDescription,
      },
    },
  ],
]) as Record<EventType, EventTypeEntry>;

/** Figures, not names: shown as they are, without quotes. */
const unquotedFields: ReadonlySet<string> = new Set(['budget_percent', 'budget_amount']);

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
 * Title and description for a user, in their language: placeholders become the quoted name (spec
 * "The error catalogue"; « » in French); a missing name drops its placeholder. A rejected event's
 * status reason leads its description.
 */
export function describeEvent(
  type: EventType,
  payload: EventPayload,
  locale: Locale = 'en',
  // The status reason is a server message: the caller translates it (localizeMessage), so the
  // console's first pages do not carry the whole message catalogue.
  localizeReason: (reason: string) => string = (reason) => reason,
): { title: string; description?: string } {
  const english = eventCatalogue[type];
  const entry = locale === 'en' ? english : english.fr;
  const quote = (value: string) => (locale === 'en' ? `"${value}"` : `« ${value} »`);
  const title = entry.message_title
    .replace(/\{(\w+)\}/g, (_match, field: string) => {
      const value = payload[field as keyof EventPayload];
      if (value === undefined || value === '') return '';
      return unquotedFields.has(field) ? String(value) : quote(String(value));
    })
    .replace(/ {2,}/g, ' ');
  const reason = payload.status_reason && localizeReason(payload.status_reason);
  // A started or finished operation may say what it does and why (a move on traffic, say).
  if (english.status !== 'REJECTED') {
    const description = reason || entry.message_description;
    return description ? { title, description } : { title };
  }
  // A reason is a sentence of its own: end it before the advice that follows.
  const ended = reason?.replace(/([^.!?])$/, '$1.');
  const description = [ended, entry.message_description].filter(Boolean).join(' ');
  return { title, description };
}
