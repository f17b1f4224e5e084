import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, keyFromText, loadSecretKey } from './secret-box';

describe('secret box', () => {
  it('seals with AES-256-GCM: a fresh IV each time, tampering detected', () => {
    const box = createSecretBox(keyFromText('a passphrase of some length'));
    const sealed = box.seal('kubeconfig: secret');
    expect(sealed).not.toContain('secret');
    expect(box.seal('kubeconfig: secret')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('kubeconfig: secret');
    const parts = sealed.split(':');
    parts[3] = Buffer.from('tampered').toString('base64');
    expect(() => box.open(parts.join(':'))).toThrow();
    expect(() => createSecretBox(keyFromText('another passphrase here')).open(sealed)).toThrow();
  });

  it('generates the key into the data dir once, private to its owner', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-key-'));
    try {
      const first = await loadSecretKey({ dataDir });
      const second = await loadSecretKey({ dataDir });
      expect(second.equals(first)).toBe(true);
      expect((await readFile(path.join(dataDir, 'secret.key'), 'utf8')).trim()).toMatch(
        /^[0-9a-f]{64}$/,
      );
      expect((await stat(path.join(dataDir, 'secret.key'))).mode & 0o077).toBe(0);
      const given = await loadSecretKey({ dataDir, secretKey: 'f'.repeat(64) });
      expect(given.equals(Buffer.alloc(32, 0xff))).toBe(true);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
