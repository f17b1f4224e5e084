import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Seals secrets at rest with AES-256-GCM (architecture "Configuration", MERIDIAN_SECRET_KEY). */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const version = 'v1';

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('secret key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [version, iv.toString('base64'), tag.toString('base64'), data.toString('base64')].join(
        ':',
      );
    },
    open(sealed) {
      const [v, iv, tag, data] = sealed.split(':');
      if (v !== version || !iv || !tag || data === undefined)
        throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

/** A key given as 64 hex chars or 32 base64 bytes is used as is; any other text is hashed. */
export function keyFromText(text: string): Buffer {
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  const decoded = Buffer.from(text, 'base64');
  if (decoded.length === 32 && /^[A-Za-z0-9+/]+={0,2}$/.test(text)) return decoded;
  return createHash('sha256').update(text).digest();
}

/**
 * The key from MERIDIAN_SECRET_KEY, else `<dataDir>/secret.key` (generated once, mode 0600).
 * With an in-memory data dir (tests) and no key, a process-lifetime random key is used.
 */
export async function loadSecretKey(options: {
  secretKey?: string;
  dataDir?: string;
}): Promise<Buffer> {
  if (options.secretKey) return keyFromText(options.secretKey);
  if (!options.dataDir || options.dataDir.includes('://')) return randomBytes(32);
  const file = path.join(options.dataDir, 'secret.key');
  try {
    return keyFromText((await readFile(file, 'utf8')).trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(options.dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    await writeFile(file, key.toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return keyFromText((await readFile(file, 'utf8')).trim());
  }
}
