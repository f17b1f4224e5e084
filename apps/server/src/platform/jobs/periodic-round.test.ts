import { describe, expect, it } from 'vitest';
import type { JobSender } from './job-queue';
import { roundId, scheduleNextRound, spacedAfter, type PeriodicRound } from './periodic-round';

/** The rounds a queue was sent: when each is due and its id. */
function recordingQueue() {
  const sent: { slot: number; startAfter?: Date; id?: string }[] = [];
  const queue: JobSender<PeriodicRound<'round'>> = {
    async send(data, options) {
      sent.push({ slot: data.slot, startAfter: options?.startAfter, id: options?.id });
    },
    wake() {},
  };
  return { queue, sent };
}

describe('periodic rounds', () => {
  const interval = 10_000;
  const at = new Date(Date.UTC(2026, 10, 29, 12, 0, 3)); // 3 s into a slot

  it('queues the next round on the grid, with one id whoever asks', async () => {
    const { queue, sent } = recordingQueue();
    await scheduleNextRound(queue, 'round', interval, at);
    await scheduleNextRound(queue, 'round', interval, new Date(at.getTime() + 5_000));
    expect(sent.map((round) => round.startAfter!.getTime() - at.getTime())).toEqual([7_000, 7_000]);
    expect(sent[0]!.id).toBe(sent[1]!.id);
    expect(sent[0]!.id).toBe(roundId('round', interval, sent[0]!.slot));
  });

  it('spaces the rounds out so they take at most their share of the time', async () => {
    const { queue, sent } = recordingQueue();
    for (const lastRoundMs of [0, 1_000, 4_000, 12_000]) {
      await scheduleNextRound(queue, 'round', interval, spacedAfter(at, lastRoundMs, 0.25));
    }
    // Rests of 0, 3, 12 and 36 s after 12:00:03: the slots at :10, :10, :20 and :40.
    expect(sent.map((round) => round.startAfter!.getTime() - at.getTime())).toEqual([
      7_000, 7_000, 17_000, 37_000,
    ]);
  });
});
