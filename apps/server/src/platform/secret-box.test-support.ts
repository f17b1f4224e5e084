import { createCipheriv, randomBytes } from 'node:crypto';

/** A value as this server sealed it before keys had ids (format v1). */
export function sealedTheOldWay(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64'));
  return ['v1', ...parts].join(':');
}
