import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminSession,
  processAdminPassword,
  runToEnd,
  startServerProcess,
} from '../test-support/server-process';
import {
  addUser,
  createTestApp,
  createTestStorage,
  databaseBackends,
  logIn,
  testAdmin,
  type TestApp,
} from '../test-support/test-app';
import { createSecretBox, secretKey } from './platform/secret-box';
import { sealedTheOldWay } from './platform/secret-box.test-support';
import { rotateSealedValues, SecretKeyMismatchError } from './platform/secret-rotation';
import { sealedColumns } from './sealed-columns';
import { userKeypairs } from './platform/db/schema/accounts';

const keyOne = '11'.repeat(32);
const keyTwo = '22'.repeat(32);
const keyThree = '33'.repeat(32);
const raw = (hex: string) => Buffer.from(hex, 'hex');

async function privateKeyOf(t: TestApp, username: string, password: string): Promise<string> {
  const user = await logIn(t.app, username, password);
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/users/private_key',
    headers: user.headers,
    payload: { username, password },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ private_key: string }>().private_key;
}

describe.each(databaseBackends())('secret key rotation on %s', (backend) => {
  it('goes from key 1 to key 2 to key 2 alone, resuming after a crash, losing nothing', async () => {
    const storage = await createTestStorage(backend, { persistent: true });
    try {
      const withKeys = (secretKey: string, previousSecretKeys: string[] = []) =>
        createTestApp(backend, { storage, cluster: { secretKey, previousSecretKeys } });

      const first = await withKeys(keyOne);
      const admin = await logIn(first.app);
      for (const name of ['ada', 'bob', 'carol', 'dan', 'eve']) {
        const user = await addUser(first, admin, name);
        await first.app.inject({ url: '/auth/users/public_key', headers: user.headers });
      }
      const adminKey = await privateKeyOf(first, testAdmin.username, testAdmin.password);
      // One value as it was sealed before keys had ids.
      const [ada] = await first.database.db.select().from(userKeypairs).limit(1);
      const adaKey = createSecretBox(raw(keyOne)).open(ada!.privateKeySealed);
      await first.database.db
        .update(userKeypairs)
        .set({ privateKeySealed: sealedTheOldWay(raw(keyOne), adaKey) })
        .where(eq(userKeypairs.userId, ada!.userId));
      await first.close();

      const box = createSecretBox({
        current: secretKey(raw(keyTwo)),
        previous: [secretKey(raw(keyOne))],
      });
      const database = await storage.open();
      const crash = new Error('killed mid-rotation');
      const crashed = rotateSealedValues(database.db, box, sealedColumns, {
        batchSize: 2,
        onBatch: () => {
          throw crash;
        },
      });
      await expect(crashed).rejects.toBe(crash);
      const resumed = await rotateSealedValues(database.db, box, sealedColumns, { batchSize: 2 });
      expect(resumed.unopenable).toBe(0);
      // The crashed run re-sealed its first batch of two; the second run did the rest.
      expect(resumed.resealed['SSH private keys']).toBe(6 - 2);
      const rows = await database.db.select().from(userKeypairs);
      expect(rows).toHaveLength(6);
      expect(rows.every((row) => row.privateKeySealed.startsWith(`v2:${box.currentKeyId}:`))).toBe(
        true,
      );
      await database.close();

      const second = await withKeys(keyTwo);
      expect(await privateKeyOf(second, testAdmin.username, testAdmin.password)).toBe(adminKey);
      expect(await privateKeyOf(second, 'ada', 'ada-password-1')).toContain('OPENSSH PRIVATE KEY');
      await second.close();

      await expect(withKeys(keyThree)).rejects.toBeInstanceOf(SecretKeyMismatchError);
    } finally {
      await storage.dispose();
    }
  }, 120_000);
});

describe('npm run secrets:rotate and a start with the wrong key', () => {
  it('re-seals with the script, then starts on the new key alone; a wrong key stops the start', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-rotate-'));
    const env = { MERIDIAN_DATA_DIR: dataDir };
    try {
      const first = await startServerProcess({ ...env, MERIDIAN_SECRET_KEY: keyOne });
      const privateKey = await fetchPrivateKey(first.base);
      await first.stop();

      const rotated = await runToEnd(['--import', 'tsx', 'src/secrets-rotate.ts'], {
        ...env,
        MERIDIAN_SECRET_KEY: keyTwo,
        MERIDIAN_SECRET_KEY_PREVIOUS: keyOne,
      });
      expect(rotated.code).toBe(0);
      expect(rotated.output).toMatch(/Re-sealed [1-9]\d* secrets \(.*1 SSH private keys/);

      const second = await startServerProcess({ ...env, MERIDIAN_SECRET_KEY: keyTwo });
      expect(await fetchPrivateKey(second.base)).toBe(privateKey);
      await second.stop();

      const wrong = await runToEnd(['--import', 'tsx', 'src/main.ts'], {
        ...env,
        PORT: '0',
        MERIDIAN_DNS_PORT: '0',
        MERIDIAN_ADMIN_PASSWORD: processAdminPassword,
        MERIDIAN_SECRET_KEY: keyThree,
      });
      expect(wrong.code).not.toBe(0);
      expect(wrong.output).toContain('MERIDIAN_SECRET_KEY opens none of the');
      expect(wrong.output).toContain('MERIDIAN_SECRET_KEY_PREVIOUS');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

async function fetchPrivateKey(base: string): Promise<string> {
  const headers = await adminSession(base);
  const response = await fetch(`${base}/auth/users/private_key`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: processAdminPassword }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { private_key: string }).private_key;
}
