import type { App } from '../src/platform/http/http-app';

/** What /healthz answered while some work was pending. */
export interface HealthProbes {
  /** The slowest answer, counted from when the probe was due: a held event loop delays both. */
  slowestMs: number;
  /** Answers that came back before the work settled. */
  answeredWhilePending: number;
}

/**
 * Asks /healthz every 10 ms until `work` settles: what another user would see while it runs.
 * Each answer is timed from when its probe was due, since work holding the event loop delays the
 * probe's start (a timer) as much as its answer.
 */
export async function probeHealthWhile(app: App, work: Promise<unknown>): Promise<HealthProbes> {
  let settled = false;
  void work.then(
    () => (settled = true),
    () => (settled = true),
  );
  // An app's first request compiles its code paths: not what is measured.
  await app.inject({ method: 'GET', url: '/healthz' });
  let slowestMs = 0;
  let answeredWhilePending = 0;
  let due = performance.now();
  while (!settled) {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    if (response.statusCode !== 200) throw new Error(`/healthz answered ${response.statusCode}`);
    slowestMs = Math.max(slowestMs, performance.now() - due);
    if (!settled) answeredWhilePending += 1;
    due = performance.now() + 10;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { slowestMs, answeredWhilePending };
}
