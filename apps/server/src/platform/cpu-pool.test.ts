import { afterEach, describe, expect, it } from 'vitest';
import { cpuPoolMessages, createCpuPool, type CpuPool } from './cpu-pool';
import { ServiceBusyError } from './http/errors';
import { spinTask } from './cpu-pool.test-support';

/** The longest the event loop went without running a 5 ms timer while `work` was pending. */
async function longestStall(work: Promise<unknown>): Promise<{ stallMs: number; ticks: number }> {
  let settled = false;
  void work.finally(() => (settled = true)).catch(() => {});
  let last = performance.now();
  let stallMs = 0;
  let ticks = 0;
  while (!settled) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
    ticks += 1;
  }
  return { stallMs, ticks };
}

describe('the CPU pool', () => {
  let pool: CpuPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('runs a TypeScript task on a worker thread while the event loop keeps turning', async () => {
    pool = createCpuPool();
    await pool.run(spinTask, { ms: 0 }); // starts the thread (tsx, imports) before measuring
    const work = pool.run(spinTask, { ms: 600 });
    const { stallMs, ticks } = await longestStall(work);
    expect(await work).toEqual({ mainThread: false });
    expect(ticks).toBeGreaterThan(10);
    expect(stallMs).toBeLessThan(200);
  });

  it('stops a task past its deadline with a plain 503 sentence, and runs the next one', async () => {
    // Long enough for a thread to start (tsx compiling the tasks cold, imports) on a loaded machine:
    // a clean clone on two cores at half speed took over 3 s (2026-11-29).
    pool = createCpuPool({ deadlineMs: 8_000 });
    await pool.run(spinTask, { ms: 0 });
    const error = await pool.run(spinTask, { ms: 60_000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceBusyError);
    expect((error as ServiceBusyError).message).toBe(cpuPoolMessages.tooLong);
    // Its thread was stopped: a fresh one takes the next task.
    await expect(pool.run(spinTask, { ms: 1 })).resolves.toEqual({ mainThread: false });
  });

  it('turns work away once its queue is full rather than letting waits grow', async () => {
    pool = createCpuPool({ threads: 1, queueLimit: 1 });
    await pool.run(spinTask, { ms: 0 });
    const running = pool.run(spinTask, { ms: 400 });
    const queued = pool.run(spinTask, { ms: 1 });
    const refused = await pool.run(spinTask, { ms: 1 }).catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(ServiceBusyError);
    expect((refused as ServiceBusyError).message).toBe(cpuPoolMessages.busy);
    await expect(Promise.all([running, queued])).resolves.toHaveLength(2);
  });
});
