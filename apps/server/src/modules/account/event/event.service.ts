import { localizeMessage } from '@meridian/domain/i18n/localize-message';
import type { Locale } from '@meridian/domain/i18n/locale';
import {
  describeEvent,
  eventCatalogue,
  type EventPayload,
  type EventType,
} from '@meridian/domain/events/event-catalogue';
import type { NotificationEvent } from '@meridian/domain/events/notification-event';
import {
  notificationCategories,
  notificationStatuses,
  type NotificationCategory,
} from '@meridian/domain/notifications';
import { notificationMessages } from '@meridian/domain/events/notification-api';
import { announceChange } from '../../../platform/changes/change-feed';
import type { Database } from '../../../platform/db/database';
import { NotFoundError } from '../../../platform/http/errors';
import {
  countEvents,
  findEventById,
  insertEvent,
  listEvents,
  markEventsRead,
  markNotificationRead,
  type EventPage,
} from './event.queries';
import type { EventRow } from '../../../platform/db/schema/accounts';
import type { AccountContext } from '../account-context';
import { memberIdsOf } from '../organization/organization.queries';
import { queueChannelDeliveries } from '../notification-channel/channel.service';

/** Categories that are recorded (traffic, internal) but never shown as notifications. */
const silentCategories: ReadonlySet<NotificationCategory> = new Set(['NO_NOTIFICATION', 'TRAFFIC']);

export interface RecordEventInput {
  userId: string;
  type: EventType;
  payload: EventPayload;
  /** Born read: for events that only tell consoles to refresh (traffic), never to look. */
  read?: boolean;
}

/**
 * Writes a notification event and announces it on the change feed, both through `tx`.
 *
 * Call it inside the transaction of the state change it reports (a drizzle transaction is a
 * `Database`): Postgres delivers a NOTIFY only when its transaction commits, so a rolled-back
 * change leaves neither a row nor a push, and every server process listening on the channel
 * (see realtime/) pushes the event to the owner's sockets it holds.
 */
export async function recordEvent(
  tx: Database,
  { userId, type, payload, read }: RecordEventInput,
): Promise<NotificationEvent> {
  const entry = eventCatalogue[type];
  const row = await insertEvent(tx, {
    userId,
    eventType: type,
    category: notificationCategories[entry.category],
    status: notificationStatuses[entry.status],
    payload,
    isNotification: !silentCategories.has(entry.category),
    ...(read === undefined ? {} : { read }),
  });
  // Alerts that leave Meridian: queued with the event, so only a committed change sends any.
  await queueChannelDeliveries(tx, row);
  await announceChange(tx, { topic: 'event', id: row.id });
  return toNotificationEvent(row);
}

/** The event as the API lists it and the socket pushes it (spec "Entities and their fields"). */
export function toNotificationEvent(row: EventRow, locale: Locale = 'en'): NotificationEvent {
  return {
    uuid: row.id,
    event_type: row.eventType,
    created_at: row.createdAt.toISOString(),
    action_taken: row.actionTaken,
    read: row.read,
    is_notification: row.isNotification,
    category: row.category,
    status: row.status,
    message: describeEvent(row.eventType, row.payload, locale, (reason) =>
      localizeMessage(reason, locale),
    ),
    payload: row.payload,
  };
}

/** One committed event with its owner, for the real-time push; undefined once it is gone. */
export async function loadEvent(
  db: Database,
  id: string,
): Promise<{ recipients: string[]; event: NotificationEvent } | undefined> {
  const row = await findEventById(db, id);
  if (!row) return undefined;
  // An organisation's event goes to its members (docs/organizations.md); a person's to them.
  const members = await memberIdsOf(db, row.userId);
  return { recipients: [row.userId, ...members], event: toNotificationEvent(row) };
}

/** The user's notifications in a page of the newest-first list; another user's are never read. */
export async function listNotifications(
  context: Pick<AccountContext, 'db'>,
  userId: string,
  page: EventPage,
  locale: Locale,
): Promise<NotificationEvent[]> {
  const rows = await listEvents(context.db, userId, page);
  return rows.map((row) => toNotificationEvent(row, locale));
}

/** How many notifications the user has; `read` counts only the read or the unread ones. */
export function countNotifications(
  context: Pick<AccountContext, 'db'>,
  userId: string,
  filter: { read?: boolean },
): Promise<number> {
  return countEvents(context.db, userId, filter);
}

/** Marks the given events (all of the user's when `uuids` is absent) as read. */
export async function markNotificationsRead(
  context: Pick<AccountContext, 'db'>,
  userId: string,
  uuids?: string[],
): Promise<void> {
  if (uuids && uuids.length === 0) return;
  await markEventsRead(context.db, userId, uuids);
}

/** Marks every notification read (the list was opened); answers how many are unread now. */
export async function markAllNotificationsRead(
  context: Pick<AccountContext, 'db'>,
  userId: string,
): Promise<number> {
  await markEventsRead(context.db, userId, undefined);
  return countEvents(context.db, userId, { read: false });
}

/** Marks one notification read, 404 when it is not the user's; answers how many are unread now. */
export async function markOneNotificationRead(
  context: Pick<AccountContext, 'db'>,
  userId: string,
  id: string,
): Promise<number> {
  if (!(await markNotificationRead(context.db, userId, id))) {
    throw new NotFoundError(notificationMessages.notFound);
  }
  return countEvents(context.db, userId, { read: false });
}
