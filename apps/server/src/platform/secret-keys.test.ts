import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestStorage } from '../../test-support/test-app';
import type { DatabaseHandle } from './db/database';
import { createSecretBox, secretKey } from './secret-box';
import { sealedTheOldWay } from './secret-box.test-support';
import { loadSecretKeyRing, rawKeyOf } from './secret-keys';

describe('secret keys', () => {
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = await (await createTestStorage('pglite')).open();
  });
  afterEach(() => database.close());

  it('generates the key into the data dir once, private to its owner', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-key-'));
    try {
      const first = await loadSecretKeyRing(database.db, { dataDir });
      const second = await loadSecretKeyRing(database.db, { dataDir });
      expect(second.current.id).toBe(first.current.id);
      const text = (await readFile(path.join(dataDir, 'secret.key'), 'utf8')).trim();
      expect(text).toMatch(/^[0-9a-f]{64}$/);
      expect(first.current.key.equals(Buffer.from(text, 'hex'))).toBe(true);
      expect((await stat(path.join(dataDir, 'secret.key'))).mode & 0o077).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('takes a 32-byte key in hex or base64 as it is', async () => {
    expect(rawKeyOf('f'.repeat(64))?.equals(Buffer.alloc(32, 0xff))).toBe(true);
    expect(rawKeyOf(Buffer.alloc(32, 7).toString('base64'))?.equals(Buffer.alloc(32, 7))).toBe(
      true,
    );
    expect(rawKeyOf('a passphrase, not a key')).toBeUndefined();
    const ring = await loadSecretKeyRing(database.db, { secretKey: 'f'.repeat(64) });
    expect(ring.current).toEqual(secretKey(Buffer.alloc(32, 0xff)));
    expect(ring.previous).toEqual([]);
  });

  it('stretches a passphrase with scrypt and the stored salt; what it sealed before still opens', async () => {
    const passphrase = 'correct horse battery staple';
    const ring = await loadSecretKeyRing(database.db, { secretKey: passphrase });
    const oneHash = createHash('sha256').update(passphrase).digest();
    expect(ring.current.key.equals(oneHash)).toBe(false);
    // The same passphrase on the same database: the same key (the salt is stored, not random).
    expect((await loadSecretKeyRing(database.db, { secretKey: passphrase })).current).toEqual(
      ring.current,
    );
    // A value sealed the old way (one SHA-256 of the passphrase) opens.
    const box = createSecretBox(ring);
    expect(box.open(sealedTheOldWay(oneHash, 'kubeconfig'))).toBe('kubeconfig');
    // Another database has another salt, so the same passphrase makes another key.
    const other = await (await createTestStorage('pglite')).open();
    try {
      const elsewhere = await loadSecretKeyRing(other.db, { secretKey: passphrase });
      expect(elsewhere.current.id).not.toBe(ring.current.id);
    } finally {
      await other.close();
    }
  });

  it('keeps each previous key once, never the current one', async () => {
    const current = 'a'.repeat(64);
    const ring = await loadSecretKeyRing(database.db, {
      secretKey: current,
      previousSecretKeys: ['b'.repeat(64), current, 'b'.repeat(64)],
    });
    expect(ring.previous.map((key) => key.id)).toEqual([
      secretKey(Buffer.from('b'.repeat(64), 'hex')).id,
    ]);
  });
});
