import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, secretKey, UnknownSecretKeyError } from './secret-box';
import { sealedTheOldWay } from './secret-box.test-support';

describe('secret box', () => {
  const one = randomBytes(32);
  const two = randomBytes(32);

  it('seals with AES-256-GCM under a named key: a fresh IV each time, tampering detected', () => {
    const box = createSecretBox(one);
    const sealed = box.seal('kubeconfig: secret');
    expect(sealed.startsWith(`v2:${secretKey(one).id}:`)).toBe(true);
    expect(sealed).not.toContain('secret');
    expect(box.seal('kubeconfig: secret')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('kubeconfig: secret');
    const parts = sealed.split(':');
    parts[4] = Buffer.from('tampered').toString('base64');
    expect(() => box.open(parts.join(':'))).toThrow();
  });

  it('names keys by a hash that tells nothing of them', () => {
    const { id } = secretKey(one);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(one.toString('hex')).not.toContain(id);
    expect(secretKey(two).id).not.toBe(id);
  });

  it('opens values sealed by a previous key, and seals new ones with the current key', () => {
    const old = createSecretBox(one).seal('registry password');
    const rotated = createSecretBox({ current: secretKey(two), previous: [secretKey(one)] });
    expect(rotated.open(old)).toBe('registry password');
    expect(rotated.seal('x').startsWith(`v2:${secretKey(two).id}:`)).toBe(true);
    expect(rotated.currentKeyId).toBe(secretKey(two).id);
  });

  it('refuses a value of a key it is not given, naming that key', () => {
    const old = createSecretBox(one).seal('registry password');
    const error = (() => {
      try {
        createSecretBox(two).open(old);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(UnknownSecretKeyError);
    expect((error as Error).message).toContain(secretKey(one).id);
  });

  it('opens values sealed before keys had ids with whichever key sealed them', () => {
    const legacy = sealedTheOldWay(one, 'an old kubeconfig');
    expect(createSecretBox(one).open(legacy)).toBe('an old kubeconfig');
    const ring = createSecretBox({ current: secretKey(two), previous: [secretKey(one)] });
    expect(ring.open(legacy)).toBe('an old kubeconfig');
    expect(() => createSecretBox(two).open(legacy)).toThrow(UnknownSecretKeyError);
    expect(() => createSecretBox(one).open('plain text')).toThrow('not a sealed secret');
  });
});
