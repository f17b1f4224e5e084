import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStorage, type TestStorage } from '../../../test-support/test-app';
import type { DatabaseHandle } from '../db/database';
import { durableSteps } from './durable-steps';

describe('durableSteps', () => {
  let storage: TestStorage;
  let database: DatabaseHandle;
  beforeEach(async () => {
    storage = await createTestStorage('pglite');
    database = await storage.open();
  });
  afterEach(async () => {
    await database.close();
    await storage.dispose();
  });

  it('runs a finished step once and answers its stored output on later runs', async () => {
    let calls = 0;
    const work = async () => ({ ok: true, endpoint: `10.0.0.${++calls}` });
    const first = durableSteps(database.db, 'job/a');
    expect(await first.step('apply', work)).toEqual({ ok: true, endpoint: '10.0.0.1' });
    // A later run of the same job (a retry, or after a crash) does not do the step again.
    const again = durableSteps(database.db, 'job/a');
    expect(await again.step('apply', work)).toEqual({ ok: true, endpoint: '10.0.0.1' });
    expect(calls).toBe(1);
    // Another key, or another step, is its own work.
    expect(await durableSteps(database.db, 'job/b').step('apply', work)).toMatchObject({
      endpoint: '10.0.0.2',
    });
    expect(await again.step('settle', work)).toMatchObject({ endpoint: '10.0.0.3' });
  });

  it('runs a step again when it failed before finishing, and forgets a key on request', async () => {
    const steps = durableSteps(database.db, 'job/c');
    await expect(
      steps.step('apply', async () => {
        throw new Error('driver down');
      }),
    ).rejects.toThrow('driver down');
    expect(await steps.step('apply', async () => 'applied')).toBe('applied');
    await steps.forget();
    expect(await steps.step('apply', async () => 'applied again')).toBe('applied again');
  });
});
