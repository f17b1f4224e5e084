import { randomBytes, type KeyObject } from 'node:crypto';

/**
 * An ed25519 key in OpenSSH's own encodings, written with node:crypto alone: the public line
 * of authorized_keys (RFC 8709 key blob) and the unencrypted openssh-key-v1 private key file
 * (OpenSSH's PROTOCOL.key), as `ssh-keygen` writes and reads them.
 */
export interface OpenSshKeypair {
  /** `ssh-ed25519 AAAA… comment` */
  publicKey: string;
  /** `-----BEGIN OPENSSH PRIVATE KEY-----` … */
  privateKey: string;
}

const keyType = 'ssh-ed25519';

export function openSshKeypair(privateKey: KeyObject, comment: string): OpenSshKeypair {
  const { d, x } = privateKey.export({ format: 'jwk' });
  if (privateKey.asymmetricKeyType !== 'ed25519' || !d || !x) {
    throw new Error('an ed25519 private key is required');
  }
  const seed = Buffer.from(d, 'base64url');
  const publicBytes = Buffer.from(x, 'base64url');
  const blob = Buffer.concat([sshString(keyType), sshString(publicBytes)]);
  return {
    publicKey: `${keyType} ${blob.toString('base64')} ${comment}`,
    privateKey: privateKeyFile(blob, seed, publicBytes, comment),
  };
}

function privateKeyFile(blob: Buffer, seed: Buffer, publicBytes: Buffer, comment: string): string {
  // The same random number twice: how OpenSSH tells a right passphrase from a wrong one.
  const check = randomBytes(4);
  const section = Buffer.concat([
    check,
    check,
    sshString(keyType),
    sshString(publicBytes),
    sshString(Buffer.concat([seed, publicBytes])),
    sshString(comment),
  ]);
  // Padded with 1, 2, 3… to the block size of the cipher "none" (8).
  const padding = Buffer.from(
    Array.from({ length: (8 - (section.length % 8)) % 8 }, (_, i) => i + 1),
  );
  const body = Buffer.concat([
    Buffer.from('openssh-key-v1\0', 'latin1'),
    sshString('none'),
    sshString('none'),
    sshString(''),
    uint32(1),
    sshString(blob),
    sshString(Buffer.concat([section, padding])),
  ]);
  const lines = body.toString('base64').match(/.{1,70}/g) ?? [];
  return [
    '-----BEGIN OPENSSH PRIVATE KEY-----',
    ...lines,
    '-----END OPENSSH PRIVATE KEY-----',
    '',
  ].join('\n');
}

/** SSH's `string`: a big-endian uint32 length, then the bytes (RFC 4251 §5). */
function sshString(value: string | Buffer): Buffer {
  const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
  return Buffer.concat([uint32(bytes.length), bytes]);
}

function uint32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}
