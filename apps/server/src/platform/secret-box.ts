import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals secrets at rest with AES-256-GCM (docs/architecture.md "Secret keys"). A sealed value
 * names the key that sealed it (`v2:<key id>:…`), so the key can change: values sealed under
 * a previous key still open, and `npm run secrets:rotate` re-seals them under the current one.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** The id of the key new values are sealed with. */
  readonly currentKeyId: string;
  /** A 32-byte key for one purpose, derived from the current key (HKDF): stable while it is. */
  derive(purpose: string): Buffer;
}

/** A key and the id sealed values name it by (a hash: the id tells nothing of the key). */
export interface SecretKey {
  id: string;
  key: Buffer;
}

export interface SecretKeyRing {
  /** Seals every new value. */
  current: SecretKey;
  /** Still open what they sealed before (MERIDIAN_SECRET_KEY_PREVIOUS). */
  previous: SecretKey[];
}

/** A sealed value whose key is not among the keys given. */
export class UnknownSecretKeyError extends Error {
  constructor(readonly keyId: string | undefined) {
    super(
      keyId
        ? `sealed with key ${keyId}, which is neither MERIDIAN_SECRET_KEY nor in MERIDIAN_SECRET_KEY_PREVIOUS`
        : 'sealed before keys had ids, and no key given opens it',
    );
    this.name = 'UnknownSecretKeyError';
  }
}

export function secretKey(key: Buffer): SecretKey {
  if (key.length !== 32) throw new Error('secret key must be 32 bytes');
  const id = createHash('sha256').update('meridian secret key id\n').update(key).digest('hex');
  return { id: id.slice(0, 16), key };
}

/** The prefix of every value the key with this id sealed. */
export function sealedPrefix(keyId: string): string {
  return `v2:${keyId}:`;
}

export function createSecretBox(keys: SecretKeyRing | Buffer): SecretBox {
  const ring = Buffer.isBuffer(keys) ? { current: secretKey(keys), previous: [] } : keys;
  const all = [ring.current, ...ring.previous];
  const byId = new Map(all.map((entry) => [entry.id, entry.key]));
  return {
    currentKeyId: ring.current.id,
    derive(purpose) {
      return Buffer.from(hkdfSync('sha256', ring.current.key, '', `meridian ${purpose}`, 32));
    },
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', ring.current.key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64'));
      return sealedPrefix(ring.current.id) + parts.join(':');
    },
    open(sealed) {
      const parts = sealed.split(':');
      if (parts[0] === 'v2' && parts.length === 5) {
        const key = byId.get(parts[1]!);
        if (!key) throw new UnknownSecretKeyError(parts[1]);
        return decrypt(key, parts.slice(2));
      }
      // Values sealed before keys had ids: whichever key's tag checks out sealed it.
      if (parts[0] === 'v1' && parts.length === 4) {
        for (const { key } of all) {
          const plain = tryDecrypt(key, parts.slice(1));
          if (plain !== undefined) return plain;
        }
        throw new UnknownSecretKeyError(undefined);
      }
      throw new Error('not a sealed secret');
    },
  };
}

function decrypt(key: Buffer, [iv = '', tag = '', data = '']: string[]): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString(
    'utf8',
  );
}

function tryDecrypt(key: Buffer, parts: string[]): string | undefined {
  try {
    return decrypt(key, parts);
  } catch {
    return undefined;
  }
}
