import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestStorage, databaseBackends } from '../../../../../test-support/test-app';
import { createSecretBox } from '../../../secret-box';
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

const box = createSecretBox(randomBytes(32));

describe.each(databaseBackends())('simulated cluster objects kept on %s', (backend) => {
  it("keeps a Secret's data sealed in the table, and loads it back whole", async () => {
    const storage = await createTestStorage(backend);
    const database = await storage.open();
    try {
      const password = `registry-pw-${randomBytes(12).toString('hex')}`;
      const dockerConfig = JSON.stringify({ auths: { 'r.example.ca': { password } } });
      const secret: KubeObject = {
        ...object('pull', '7'),
        kind: 'Secret',
        type: 'kubernetes.io/dockerconfigjson',
        data: { '.dockerconfigjson': Buffer.from(dockerConfig).toString('base64') },
      };
      const kept = databaseKubePersistence(database.db, box);
      await kept.issueCredentials('a', 'serial-a');
      await kept.save('a', '/secrets/shop/pull', secret);
      const rows = await database.db.execute(
        sql`SELECT object::text AS text FROM simulated_kube_objects`,
      );
      const text = JSON.stringify(rows);
      expect(text).not.toContain(password);
      expect(text).not.toContain(Buffer.from(dockerConfig).toString('base64').slice(0, 40));
      expect((await kept.load('a')).map((entry) => entry.object)).toEqual([secret]);
      // Under a key no longer given, the Secret is gone rather than failing the whole cluster.
      const otherKey = databaseKubePersistence(database.db, createSecretBox(randomBytes(32)));
      expect(await otherKey.load('a')).toEqual([]);
    } finally {
      await database.close();
      await storage.dispose();
    }
  });

  it('stores, replaces, deletes and forgets per cluster', async () => {
    const storage = await createTestStorage(backend);
    const database = await storage.open();
    try {
      const kept = databaseKubePersistence(database.db, box);
      await kept.issueCredentials('a', 'serial-a');
      await kept.issueCredentials('b', 'serial-b');
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

  it('issues, rotates and ends credentials; a cluster without them stores nothing', async () => {
    const storage = await createTestStorage(backend);
    const database = await storage.open();
    try {
      const kept = databaseKubePersistence(database.db, box);
      expect(await kept.credentialsOf('a')).toBeUndefined();
      expect(await kept.rotateCredentials('a', 'two')).toBe(false);
      // Issuing again (a re-run of the cluster's creation) keeps the credentials in force.
      expect(await kept.issueCredentials('a', 'one')).toBe('one');
      expect(await kept.issueCredentials('a', 'other')).toBe('one');
      expect(await kept.rotateCredentials('a', 'two')).toBe(true);
      expect(await kept.credentialsOf('a')).toBe('two');
      await kept.save('a', '/namespaces//shop', object('shop', '2'));
      await kept.forget('a');
      expect(await kept.credentialsOf('a')).toBeUndefined();
      await expect(kept.save('a', '/namespaces//shop', object('shop', '3'))).rejects.toThrow();
      const rows = await database.db.execute(
        sql`SELECT count(*)::int AS n FROM simulated_kube_objects`,
      );
      expect(JSON.stringify(rows)).toContain('"n":0');
    } finally {
      await database.close();
      await storage.dispose();
    }
  });
});
