import { describe, expect, it } from 'vitest';
import { createTestStorage, databaseBackends } from '../../../../../test-support/test-app';
import { databaseKubePersistence } from './kube-persistence';
import type { KubeObject } from './kube-store';

const object = (name: string, resourceVersion: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Namespace',
  metadata: {
    name,
    uid: `uid-${name}`,
    resourceVersion,
    generation: 1,
    creationTimestamp: '2026-11-26T00:00:00.000Z',
  },
});

describe.each(databaseBackends())('simulated cluster objects kept on %s', (backend) => {
  it('stores, replaces, deletes and forgets per cluster', async () => {
    const storage = await createTestStorage(backend);
    const database = await storage.open();
    try {
      const kept = databaseKubePersistence(database.db);
      await kept.save('a', '/namespaces//shop', object('shop', '2'));
      await kept.save('a', '/namespaces//shop', object('shop', '3'));
      await kept.save('a', '/namespaces//web', object('web', '4'));
      await kept.save('b', '/namespaces//shop', object('shop', '5'));
      const loaded = await kept.load('a');
      expect(
        loaded.map((entry) => [entry.key, entry.object.metadata.resourceVersion]).sort(),
      ).toEqual([
        ['/namespaces//shop', '3'],
        ['/namespaces//web', '4'],
      ]);
      await kept.save('a', '/namespaces//web', null);
      expect((await kept.load('a')).map((entry) => entry.key)).toEqual(['/namespaces//shop']);
      await kept.forget('a');
      expect(await kept.load('a')).toEqual([]);
      expect(await kept.load('b')).toHaveLength(1);
    } finally {
      await database.close();
      await storage.dispose();
    }
  });
});
