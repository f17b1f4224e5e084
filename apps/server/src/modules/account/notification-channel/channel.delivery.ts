import { z } from 'zod';
import type { WebhookBody } from '@meridian/domain/events/notification-channel';
import { defineJob, transactionWithJobs } from '../../../platform/jobs/job-queue';
import { scheduleNextRound } from '../../../platform/jobs/periodic-round';
import type { AccountContext, DeliverNotificationJob } from '../account-context';
import { checkBudgets } from '../billing/budget.service';
import {
  findChannel,
  findDelivery,
  finishDelivery,
  insertDelivery,
  pendingDeliveries,
} from './channel.queries';
import { postWebhook, sendEmail, type SendOutcome } from './channel.sending';

const deliverSchema: z.ZodType<DeliverNotificationJob> = z.object({
  kind: z.literal('deliver-notification'),
  deliveryId: z.uuid(),
});

const roundSchema = z.object({ kind: z.literal('alerts-round'), slot: z.number().int() });

/** Sends the jobs of pending attempts (their id is the attempt's, so a second send is a no-op). */
export async function sendDeliveryJobs(
  context: Pick<AccountContext, 'jobs'>,
  attempts: readonly { id: string; dueAt: Date }[],
): Promise<void> {
  for (const { id, dueAt } of attempts) {
    await context.jobs.send(
      { kind: 'deliver-notification', deliveryId: id },
      { id, startAfter: dueAt },
    );
  }
}

/** Once an event is heard committed: the jobs of its deliveries. */
export async function dispatchEventDeliveries(
  context: Pick<AccountContext, 'db' | 'jobs'>,
  eventId: string,
): Promise<void> {
  await sendDeliveryJobs(context, await pendingDeliveries(context.db, { eventId }));
}

/** One attempt of a delivery: send, record the outcome, queue the next attempt after a failure. */
export async function deliver(context: AccountContext, deliveryId: string): Promise<void> {
  const delivery = await findDelivery(context.db, deliveryId);
  if (!delivery || delivery.status !== 'pending') return;
  const channel = await findChannel(context.db, delivery.channelId);
  if (!channel) return;
  const body = delivery.body as WebhookBody;
  const outcome: SendOutcome =
    channel.type === 'webhook'
      ? await postWebhook(
          channel.destination,
          context.secrets.open(channel.secretSealed ?? ''),
          body,
          context.alerts,
        )
      : await sendEmail(channel.destination, body, context.alerts);
  const delays = context.alerts.retryDelaysMs;
  await transactionWithJobs(context.db, context.jobs, async (tx, send) => {
    const finished = await finishDelivery(tx, delivery.id, {
      status: outcome.delivered ? 'delivered' : 'failed',
      responseCode: outcome.responseCode,
      error: outcome.error,
      finishedAt: context.now(),
    });
    const delay = delays[delivery.attempt - 1];
    if (!finished || outcome.delivered || delay === undefined) return;
    const dueAt = new Date(Date.now() + delay);
    const next = await insertDelivery(tx, {
      channelId: delivery.channelId,
      eventId: delivery.eventId,
      event: delivery.event,
      attempt: delivery.attempt + 1,
      status: 'pending',
      body: delivery.body,
      dueAt,
    });
    await send(
      { kind: 'deliver-notification', deliveryId: next.id },
      { id: next.id, startAfter: dueAt },
    );
  });
}

export function scheduleAlertsRound(context: AccountContext, after: Date): Promise<void> {
  return scheduleNextRound(context.jobs, 'alerts-round', context.alerts.roundIntervalMs, after);
}

/** The account context's job kinds. */
export function alertJobs(context: AccountContext) {
  return [
    defineJob('deliver-notification', deliverSchema, (job) => deliver(context, job.deliveryId)),
    defineJob('alerts-round', roundSchema, async () => {
      await scheduleAlertsRound(context, new Date());
      // Attempts a crash left without a job (their jobs are sent after commit).
      const lost = await pendingDeliveries(context.db, {
        dueBy: new Date(Date.now() - context.alerts.roundIntervalMs),
      });
      await sendDeliveryJobs(context, lost);
      await checkBudgets(context, context.now());
    }),
  ];
}
