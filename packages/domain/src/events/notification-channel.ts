import { z } from 'zod';
import type { EventPayload, EventType } from './event-catalogue';

/** The events a notification channel may subscribe to (issue 39 item 3). */
export const channelEvents = [
  'rollout_halted',
  'deployment_failed',
  'smart_cluster_failed',
  'certificate_expiring',
  'budget_threshold',
  'preview_ready',
] as const;

export type ChannelEvent = (typeof channelEvents)[number];

export const channelTypes = ['webhook', 'email'] as const;
export type ChannelType = (typeof channelTypes)[number];

/** The one table from recorded event types to channel events. */
const exactEvents: Partial<Record<string, ChannelEvent>> = {
  // A rollout's step failing halts it (rollout.steps records APP_UPDATE_REJECTED).
  APP_UPDATE_REJECTED: 'rollout_halted',
  APP_CREATE_REJECTED: 'deployment_failed',
  APP_DEPLOY_REJECTED: 'deployment_failed',
  STACK_CREATE_REJECTED: 'deployment_failed',
  SMART_CLUSTER_CREATE_REJECTED: 'smart_cluster_failed',
  SMART_CLUSTER_UPDATE_REJECTED: 'smart_cluster_failed',
  SMART_CLUSTER_DELETE_REJECTED: 'smart_cluster_failed',
  // A preview that could not be deployed is a failed deployment too.
  PREVIEW_DEPLOY_REJECTED: 'deployment_failed',
  // Both the failed renewal and the 14/7/1-day expiry warnings are recorded as this type.
  CERTIFICATE_RENEW_REJECTED: 'certificate_expiring',
  BUDGET_THRESHOLD_REACHED: 'budget_threshold',
  // Deployed and reachable; a removed preview (PREVIEW_DELETE_FULFILLED) is not news.
  PREVIEW_DEPLOY_FULFILLED: 'preview_ready',
};

/** The channel event an event is sent as, if any: a rollout its own user aborted alerts nobody. */
export function channelEventOf(
  type: EventType | string,
  payload: Pick<EventPayload, 'rollout_outcome'> = {},
): ChannelEvent | undefined {
  if (type === 'APP_UPDATE_REJECTED' && payload.rollout_outcome === 'aborted') return undefined;
  return exactEvents[type];
}

export const channelMessages = {
  badUrl: 'The webhook URL must be a valid http(s) URL.',
  httpsRequired:
    'The webhook URL must use https; http is allowed only when MERIDIAN_ALLOW_PRIVATE_OUTBOUND=1 is set.',
  badAddress: 'The e-mail address must be an e-mail address, such as ops@example.com.',
  unknownEvent: `Events must be some of: ${channelEvents.join(', ')}.`,
  noEvents: 'Choose at least one event.',
  badType: 'The type must be "webhook" or "email".',
  urlOrAddress: 'A webhook channel needs a url; an e-mail channel needs an address.',
  smtpMissing: 'E-mail alerts need MERIDIAN_SMTP_URL set by the operator.',
  notFound: 'Notification channel not found.',
  tooMany: 'An account can have at most 20 notification channels.',
} as const;

const eventsSchema = z
  .array(z.enum(channelEvents, { error: channelMessages.unknownEvent }), {
    error: channelMessages.unknownEvent,
  })
  .min(1, channelMessages.noEvents)
  .max(channelEvents.length, channelMessages.unknownEvent)
  .transform((events) => [...new Set(events)]);

/** `POST /auth/notification_channels`: a webhook URL or an e-mail address and its events. */
export const createChannelSchema = z.object({
  type: z.enum(channelTypes, { error: channelMessages.badType }),
  url: z.string().max(2000, channelMessages.badUrl).optional(),
  address: z.string().max(254, channelMessages.badAddress).optional(),
  events: eventsSchema,
});

export type CreateChannelInput = z.infer<typeof createChannelSchema>;

/** `PUT /auth/notification_channels/{id}`: a new destination or new events (type stays). */
export const updateChannelSchema = z.object({
  url: z.string().max(2000, channelMessages.badUrl).optional(),
  address: z.string().max(254, channelMessages.badAddress).optional(),
  events: eventsSchema.optional(),
});

export type UpdateChannelInput = z.infer<typeof updateChannelSchema>;

export const channelIdParamsSchema = z.object({
  id: z.uuid({ error: channelMessages.notFound }),
});

/** A channel as answered; `signing_secret` only in the answer that created a webhook. */
export const notificationChannelSchema = z.object({
  uuid: z.string(),
  type: z.enum(channelTypes),
  url: z.string().optional(),
  address: z.string().optional(),
  events: z.array(z.enum(channelEvents)),
  created_at: z.string(),
  signing_secret: z.string().optional(),
});

export type NotificationChannel = z.infer<typeof notificationChannelSchema>;

export const notificationChannelListSchema = z.array(notificationChannelSchema);

export const deliveryStatuses = ['pending', 'delivered', 'failed'] as const;

/** One attempt to deliver one event to a channel. */
export const channelDeliverySchema = z.object({
  uuid: z.string(),
  /** The channel event, or `test` for the test button. */
  event: z.string(),
  /** 1 for the first attempt; retries count up. */
  attempt: z.number().int(),
  status: z.enum(deliveryStatuses),
  /** The HTTP status a webhook answered; null for e-mail or no answer. */
  response_code: z.number().int().nullable(),
  /** Why the attempt failed, as a sentence; null when it did not. */
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});

export type ChannelDelivery = z.infer<typeof channelDeliverySchema>;

export const channelDeliveryListSchema = z.array(channelDeliverySchema);

/** What a webhook receives: a Slack-compatible `text` and the structured event. */
export const webhookBodySchema = z.object({
  text: z.string(),
  event: z.string(),
  event_type: z.string(),
  event_uuid: z.string().nullable(),
  created_at: z.string(),
  payload: z.record(z.string(), z.unknown()),
});

export type WebhookBody = z.infer<typeof webhookBodySchema>;

/** Headers of a signed webhook: `sha256=<hex HMAC-SHA256 of the raw body>` and the Unix time it was sent. */
export const signatureHeader = 'x-meridian-signature';
export const timestampHeader = 'x-meridian-timestamp';
