import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openSshKeypair } from './openssh-key';
import {
  fingerprintOf,
  publicKeyDerivedBy,
  rawPublicKeyOf,
  seedOf,
} from './openssh-key.test-support';

interface Fixture {
  pkcs8: string;
  comment: string;
  publicKey: string;
  privateKey: string;
}

// Keys made by the sshpk-based code this replaces: what existing users hold.
const fixtures = JSON.parse(
  readFileSync(new URL('./openssh-key.fixtures.json', import.meta.url), 'utf8'),
) as Fixture[];

describe('OpenSSH keys written with node:crypto', () => {
  it.each(fixtures)(
    'gives an existing user ($comment) the same public key as before',
    async (fixture) => {
      const made = openSshKeypair(createPrivateKey(fixture.pkcs8), fixture.comment);
      expect(made.publicKey).toBe(fixture.publicKey);
      const before = await fingerprintOf(fixture.publicKey);
      expect(before).toMatch(/^256 SHA256:[A-Za-z0-9+/]{43} meridian-[0-9a-f-]+ \(ED25519\)$/);
      expect(await fingerprintOf(made.publicKey)).toBe(before);
      // OpenSSH reads both private key files as the same key.
      expect(await fingerprintOf(made.privateKey)).toBe(before);
      expect(await fingerprintOf(fixture.privateKey)).toBe(before);
    },
  );

  it('writes a private key file OpenSSH itself derives the public key from', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const made = openSshKeypair(privateKey, 'meridian-1234abcd');
    expect(made.privateKey).toMatch(
      /^-----BEGIN OPENSSH PRIVATE KEY-----\n([A-Za-z0-9+/=]{70}\n)+[A-Za-z0-9+/=]{1,70}\n-----END OPENSSH PRIVATE KEY-----\n$/,
    );
    expect(await publicKeyDerivedBy(made.privateKey)).toBe(made.publicKey);
    // And the raw material is node's own: the file's seed, the line's public key.
    const jwk = privateKey.export({ format: 'jwk' });
    expect(seedOf(made.privateKey).equals(Buffer.from(jwk.d!, 'base64url'))).toBe(true);
    expect(rawPublicKeyOf(made.publicKey).equals(Buffer.from(jwk.x!, 'base64url'))).toBe(true);
  });

  it('refuses a key that is not ed25519', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(() => openSshKeypair(privateKey, 'x')).toThrow('an ed25519 private key is required');
  });
});
