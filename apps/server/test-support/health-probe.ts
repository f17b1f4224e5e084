import type { App } from '../src/platform/http/http-app';

/** What /healthz answered while some work was pending. */
export interface HealthProbes {
  /** The slowest /healthz answer. */
  slowestMs: number;
  /** Answers that came back before the work settled. */
  answeredWhilePending: number;
}

/**
 * Asks /healthz over and over, every 10 ms, until `work` settles: what another user would see
 * while it runs. Work that holds the event loop shows as one slow answer and few answers.
 */
export async function probeHealthWhile(app: App, work: Promise<unknown>): Promise<HealthProbes> {
  let settled = false;
  void work.then(
    () => (settled = true),
    () => (settled = true),
  );
  // The first request of an app compiles its route's code paths: not what is measured here.
  await app.inject({ method: 'GET', url: '/healthz' });
  let slowestMs = 0;
  let answeredWhilePending = 0;
  while (!settled) {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    if (response.statusCode !== 200) throw new Error(`/healthz answered ${response.statusCode}`);
    slowestMs = Math.max(slowestMs, performance.now() - started);
    if (!settled) answeredWhilePending += 1;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { slowestMs, answeredWhilePending };
}
