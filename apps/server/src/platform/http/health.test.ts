import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestStorage,
  databaseBackends,
  type TestApp,
  type TestStorage,
} from '../../../test-support/test-app';
import type { DatabaseHandle } from '../db/database';
import { createJobQueue, type JobQueue } from '../jobs/job-queue';
import { registerHealthChecks, type HealthDependencies } from './health';
import { createHttpApp, type App } from './http-app';

const ready = { status: 'ready', checks: { database: 'ok', jobQueue: 'ok' } };

describe.each(databaseBackends())('health endpoints on %s', (backend) => {
  describe('a working server', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(backend);
    });
    afterAll(() => t.close());

    it('answers /healthz 200 without credentials', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('answers /readyz 200 once the database and the job queue work', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(ready);
    });

    it('is never throttled: many probes in a row all answer 200', async () => {
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => t.app.inject({ method: 'GET', url: '/readyz' })),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    });

    it('documents both in the OpenAPI document as open operations', async () => {
      const document = (await t.app.inject({ url: '/docs/json' })).json<{
        paths: Record<string, { get?: { security?: unknown[] } }>;
      }>();
      expect(document.paths['/healthz']?.get?.security).toEqual([]);
      expect(document.paths['/readyz']?.get?.security).toEqual([]);
    });
  });

  describe('a server whose database is gone', () => {
    let storage: TestStorage;
    let t: TestApp;
    beforeAll(async () => {
      storage = await createTestStorage(backend);
      t = await createTestApp(backend, { storage });
      await t.database.close();
    });
    // The app's own shutdown needs the database it lost: its errors are expected here.
    afterAll(async () => {
      await t.app.close().catch(() => {});
      await storage.dispose();
    });

    it('answers /readyz 503 naming the database', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      const body = response.json<{ status: string; message: string; checks: object }>();
      expect(body.status).toBe('not ready');
      expect(body.checks).toMatchObject({ database: 'failing' });
      expect(body.message).toMatch(/^Not ready: the database did not answer a query\b.*\.$/);
    });

    it('still answers /healthz 200: a database outage is no reason to restart the process', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.statusCode).toBe(200);
    });
  });
});

describe('readiness of the job queue', () => {
  let database: DatabaseHandle;
  let jobs: JobQueue;
  let app: App;
  beforeAll(async () => {
    database = await (await createTestStorage('pglite')).open();
    jobs = createJobQueue(database.driver);
    app = await createHttpApp(undefined);
    registerHealthChecks(app, { db: database.db, jobs });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await jobs.stop();
    await database.close();
  });

  it('is 503 naming the job queue before it starts, 200 once started, 503 once stopped', async () => {
    const notReady = {
      status: 'not ready',
      message: 'Not ready: the job queue cannot take work.',
      checks: { database: 'ok', jobQueue: 'failing' },
    };
    const before = await app.inject({ method: 'GET', url: '/readyz' });
    expect([before.statusCode, before.json()]).toEqual([503, notReady]);

    await jobs.start();
    const started = await app.inject({ method: 'GET', url: '/readyz' });
    expect([started.statusCode, started.json()]).toEqual([200, ready]);

    await jobs.stop();
    const stopped = await app.inject({ method: 'GET', url: '/readyz' });
    expect([stopped.statusCode, stopped.json()]).toEqual([503, notReady]);
  });
});

describe('readiness of a database that hangs', () => {
  let app: App;
  afterEach(() => app.close());

  it('fails the database check after the timeout instead of holding the probe', async () => {
    // A connection that never answers: what a PostgreSQL behind a dropped network looks like.
    const hung = { execute: () => new Promise(() => {}) } as unknown as HealthDependencies['db'];
    const jobs: HealthDependencies['jobs'] = { checkReady: async () => {} };
    app = await createHttpApp(undefined);
    registerHealthChecks(app, { db: hung, jobs, checkTimeoutMs: 50 });
    const started = Date.now();
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'not ready',
      message: 'Not ready: the database did not answer a query.',
      checks: { database: 'failing', jobQueue: 'ok' },
    });
  });
});
