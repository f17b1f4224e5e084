import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What OpenSSH's own `ssh-keygen` prints for a key given as text (written to a 0600 file). */
export async function sshKeygen(args: string[], keyText: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'meridian-ssh-'));
  try {
    const file = path.join(dir, 'key');
    await writeFile(file, keyText, { mode: 0o600 });
    const { stdout } = await run('/usr/bin/ssh-keygen', [...args, '-f', file]);
    return stdout.trim();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `ssh-keygen -l`: "256 SHA256:… comment (ED25519)". */
export const fingerprintOf = (keyText: string) => sshKeygen(['-l'], keyText);

/** `ssh-keygen -y`: the public key OpenSSH derives from a private key file. */
export const publicKeyDerivedBy = (privateKeyText: string) => sshKeygen(['-y'], privateKeyText);

/** The raw 32-byte public key of an `ssh-ed25519 AAAA…` line. */
export function rawPublicKeyOf(publicLine: string): Buffer {
  const blob = Buffer.from(publicLine.split(' ')[1]!, 'base64');
  return blob.subarray(blob.length - 32);
}

/** Reads SSH `string`s one after another from a buffer. */
class SshReader {
  constructor(
    private readonly bytes: Buffer,
    private at = 0,
  ) {}
  skip(count: number): void {
    this.at += count;
  }
  string(): Buffer {
    const length = this.bytes.readUInt32BE(this.at);
    const value = this.bytes.subarray(this.at + 4, this.at + 4 + length);
    this.at += 4 + length;
    return value;
  }
}

/**
 * The 32-byte seed inside an unencrypted openssh-key-v1 file, read field by field
 * (OpenSSH's PROTOCOL.key), independently of the code that wrote it.
 */
export function seedOf(privateKeyText: string): Buffer {
  const body = Buffer.from(privateKeyText.split('\n').slice(1, -2).join(''), 'base64');
  const file = new SshReader(body, 'openssh-key-v1\0'.length);
  file.string(); // cipher
  file.string(); // kdf
  file.string(); // kdf options
  file.skip(4); // number of keys
  file.string(); // public key blob
  const section = new SshReader(file.string(), 8); // after the two check numbers
  section.string(); // key type
  section.string(); // public key
  return section.string().subarray(0, 32);
}
