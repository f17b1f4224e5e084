import { createHash } from 'node:crypto';
import type { JobSender } from './job-queue';

/** A round of a periodic job: `slot` numbers it on its interval's grid. */
export interface PeriodicRound<K extends string> {
  kind: K;
  slot: number;
}

/**
 * The id of the round due at `slot`: the same in every process, so however many of them (or
 * restarts) schedule that round, the queue holds it once (it ignores an id it already has).
 */
export function roundId(kind: string, intervalMs: number, slot: number): string {
  const hex = createHash('sha256').update(`${kind}/${intervalMs}/${slot}`).digest('hex');
  // Shaped as a version-5 UUID, which is what pg-boss's id column takes.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Queues the next round of a periodic job on its interval's grid after `after` (once, whoever
 * asks). Each round queues the next before its work, so a failing round never ends the chain.
 */
export async function scheduleNextRound<K extends string>(
  queue: JobSender<PeriodicRound<K>>,
  kind: K,
  intervalMs: number,
  after: Date,
): Promise<void> {
  const slot = Math.floor(after.getTime() / intervalMs) + 1;
  await queue.send(
    { kind, slot },
    { startAfter: new Date(slot * intervalMs), id: roundId(kind, intervalMs, slot) },
  );
}

/**
 * When the next round may be due, for rounds to take at most `share` of the time: after one that
 * took `lastRoundMs`, `after` moved on by the rest that share asks for (a quarter: three times
 * the round). A round that takes a third of its interval or more so skips a slot or more.
 */
export function spacedAfter(after: Date, lastRoundMs: number, share: number): Date {
  return new Date(after.getTime() + Math.max(0, lastRoundMs) * (1 / share - 1));
}
