import { localizeMessage } from '@meridian/domain/i18n/localize-message';
import type { Locale } from '@meridian/domain/i18n/locale';
import { findUserLocale } from '../auth/auth.queries';
import { randomBytes } from 'node:crypto';
import { describeEvent, type EventType } from '@meridian/domain/events/event-catalogue';
import {
  channelEventOf,
  channelMessages,
  type ChannelDelivery,
  type CreateChannelInput,
  type NotificationChannel,
  type UpdateChannelInput,
  type WebhookBody,
} from '@meridian/domain/events/notification-channel';
import type { Database } from '../../../platform/db/database';
import type {
  NotificationChannelRow,
  NotificationDeliveryRow,
} from '../../../platform/db/schema/alerts';
import type { EventRow } from '../../../platform/db/schema/accounts';
import { NotFoundError, ValidationError } from '../../../platform/http/errors';
import { transactionWithJobs } from '../../../platform/jobs/job-queue';
import { checkOutbound } from '../../../platform/outbound-guard';
import type { AccountContext } from '../account-context';
import {
  channelsFor,
  deleteChannel,
  findOwnChannel,
  insertChannel,
  insertDelivery,
  listChannels,
  listDeliveries,
  updateChannel,
} from './channel.queries';
import { webhookPolicy } from './channel.sending';

const mostChannels = 20;
// Deliberately simple: one @, something either side, a dot in the domain, no spaces.
const addressPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The one row→API mapper of a channel; the secret only in the answer that created it. */
export function toChannel(
  row: NotificationChannelRow,
  signingSecret?: string,
): NotificationChannel {
  return {
    uuid: row.id,
    type: row.type,
    ...(row.type === 'webhook' ? { url: row.destination } : { address: row.destination }),
    events: row.events,
    created_at: row.createdAt.toISOString(),
    ...(signingSecret ? { signing_secret: signingSecret } : {}),
  };
}

export function toDelivery(row: NotificationDeliveryRow): ChannelDelivery {
  return {
    uuid: row.id,
    event: row.event,
    attempt: row.attempt,
    status: row.status,
    response_code: row.responseCode,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** The destination, checked: a public https URL (or private with the switch), or an address. */
async function checkedDestination(
  context: Pick<AccountContext, 'alerts'>,
  type: NotificationChannelRow['type'],
  value: string | undefined,
): Promise<string> {
  const trimmed = value?.trim();
  if (!trimmed) throw new ValidationError([channelMessages.urlOrAddress]);
  if (type === 'email') {
    if (!addressPattern.test(trimmed)) throw new ValidationError([channelMessages.badAddress]);
    if (!context.alerts.smtpUrl) throw new ValidationError([channelMessages.smtpMissing]);
    return trimmed;
  }
  if (!URL.canParse(trimmed) || !/^https?:$/.test(new URL(trimmed).protocol)) {
    throw new ValidationError([channelMessages.badUrl]);
  }
  if (new URL(trimmed).protocol === 'http:' && !context.alerts.allowPrivateOutbound) {
    throw new ValidationError([channelMessages.httpsRequired]);
  }
  const check = await checkOutbound(trimmed, webhookPolicy(context.alerts));
  if (!check.ok) throw new ValidationError([check.reason]);
  return trimmed;
}

export async function listAccountChannels(
  context: Pick<AccountContext, 'db'>,
  accountId: string,
): Promise<NotificationChannel[]> {
  return (await listChannels(context.db, accountId)).map((row) => toChannel(row));
}

export async function createChannel(
  context: Pick<AccountContext, 'db' | 'alerts' | 'secrets'>,
  accountId: string,
  input: CreateChannelInput,
): Promise<NotificationChannel> {
  const given = input.type === 'webhook' ? input.url : input.address;
  const destination = await checkedDestination(context, input.type, given);
  if ((await listChannels(context.db, accountId)).length >= mostChannels) {
    throw new ValidationError([channelMessages.tooMany]);
  }
  const secret =
    input.type === 'webhook' ? `whsec_${randomBytes(32).toString('base64url')}` : undefined;
  const row = await insertChannel(context.db, {
    userId: accountId,
    type: input.type,
    destination,
    events: input.events,
    secretSealed: secret ? context.secrets.seal(secret) : null,
  });
  return toChannel(row, secret);
}

export async function changeChannel(
  context: Pick<AccountContext, 'db' | 'alerts'>,
  accountId: string,
  id: string,
  input: UpdateChannelInput,
): Promise<NotificationChannel> {
  const row = await findOwnChannel(context.db, accountId, id);
  if (!row) throw new NotFoundError(channelMessages.notFound);
  const given = row.type === 'webhook' ? input.url : input.address;
  const destination =
    given === undefined ? row.destination : await checkedDestination(context, row.type, given);
  const updated = await updateChannel(context.db, id, {
    destination,
    events: input.events ?? row.events,
  });
  if (!updated) throw new NotFoundError(channelMessages.notFound);
  return toChannel(updated);
}

export async function removeChannel(
  context: Pick<AccountContext, 'db'>,
  accountId: string,
  id: string,
): Promise<void> {
  if (!(await deleteChannel(context.db, accountId, id))) {
    throw new NotFoundError(channelMessages.notFound);
  }
}

export async function channelDeliveries(
  context: Pick<AccountContext, 'db'>,
  accountId: string,
  id: string,
): Promise<ChannelDelivery[]> {
  if (!(await findOwnChannel(context.db, accountId, id))) {
    throw new NotFoundError(channelMessages.notFound);
  }
  return (await listDeliveries(context.db, id)).map(toDelivery);
}

/** Sends a test alert through the channel now (as a delivery job); answers its first attempt. */
export async function testChannel(
  context: Pick<AccountContext, 'db' | 'jobs' | 'now'>,
  accountId: string,
  id: string,
): Promise<ChannelDelivery> {
  const row = await findOwnChannel(context.db, accountId, id);
  if (!row) throw new NotFoundError(channelMessages.notFound);
  const at = context.now();
  const body: WebhookBody = {
    text: 'Test alert from Meridian: this channel works.',
    event: 'test',
    event_type: 'TEST',
    event_uuid: null,
    created_at: at.toISOString(),
    payload: {},
  };
  const delivery = await transactionWithJobs(context.db, context.jobs, async (tx, send) => {
    const inserted = await insertDelivery(tx, {
      channelId: row.id,
      event: 'test',
      attempt: 1,
      status: 'pending',
      body,
      dueAt: at,
    });
    await send({ kind: 'deliver-notification', deliveryId: inserted.id }, { id: inserted.id });
    return inserted;
  });
  return toDelivery(delivery);
}

/** The sentence a chat room shows: the event's title, then its description. */
export function alertText(
  type: EventType,
  payload: EventRow['payload'],
  locale: Locale = 'en',
): string {
  const { title, description } = describeEvent(type, payload, locale, (reason) =>
    localizeMessage(reason, locale),
  );
  return description ? `${title} ${description}` : title;
}

/**
 * The outbox step of `recordEvent`: an event that maps to a channel event gets one pending
 * delivery per subscribed channel of its owner, in the event's own transaction, so a rolled-back
 * change sends nothing. Its jobs are sent once the event is heard committed (change feed), and
 * the alerts round sends any a crash left behind.
 */
export async function queueChannelDeliveries(tx: Database, event: EventRow): Promise<void> {
  const channelEvent = channelEventOf(event.eventType, event.payload);
  if (!channelEvent) return;
  const channels = await channelsFor(tx, event.userId, channelEvent);
  if (channels.length === 0) return;
  // In the owner's chosen language; an organisation's alerts stay in English.
  const locale = (await findUserLocale(tx, event.userId)) ?? 'en';
  const body: WebhookBody = {
    text: alertText(event.eventType, event.payload, locale),
    event: channelEvent,
    event_type: event.eventType,
    event_uuid: event.id,
    created_at: event.createdAt.toISOString(),
    payload: event.payload,
  };
  for (const channel of channels) {
    await insertDelivery(tx, {
      channelId: channel.id,
      eventId: event.id,
      event: channelEvent,
      attempt: 1,
      status: 'pending',
      body,
      dueAt: event.createdAt,
    });
  }
}
