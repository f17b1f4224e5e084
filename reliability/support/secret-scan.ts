import fs from 'node:fs';
import path from 'node:path';

/** One form of one secret to look for, as bytes. */
export interface Needle {
  secret: string;
  form: string;
  bytes: Buffer;
}

/** A place a needle was found. */
export interface Hit {
  secret: string;
  form: string;
  place: string;
}

/** What one scan read and found. */
export interface ScanResult {
  files: number;
  bytes: number;
  hits: Hit[];
}

/**
 * The base64 text of `value` however it is aligned inside a longer base64 string: for each of the
 * three offsets, the groups that depend on the value's bytes alone (the edges are dropped).
 */
function base64Forms(value: Buffer, alphabet: 'base64' | 'base64url'): Buffer[] {
  return [0, 1, 2].map((offset) => {
    const encoded = Buffer.concat([Buffer.alloc(offset), value])
      .toString(alphabet)
      .replace(/=+$/, '');
    const start = offset === 0 ? 0 : 4;
    const whole = Math.floor((offset + value.length) / 3) * 4;
    return Buffer.from(encoded.slice(start, whole));
  });
}

/** The secret in plain text, in base64 and base64url (every alignment), and any extra forms. */
export function needlesOf(secret: string, value: string, extra: Record<string, Buffer> = {}) {
  const plain = Buffer.from(value);
  const needles: Needle[] = [{ secret, form: 'plain', bytes: plain }];
  for (const alphabet of ['base64', 'base64url'] as const) {
    for (const [offset, bytes] of base64Forms(plain, alphabet).entries()) {
      // Short edges-dropped forms would match by chance; secrets here are ≥ 16 bytes.
      if (bytes.length >= 16) needles.push({ secret, form: `${alphabet}@${offset}`, bytes });
    }
  }
  for (const [form, bytes] of Object.entries(extra)) needles.push({ secret, form, bytes });
  return needles;
}

/** Every regular file under `dir`, however deep. */
export function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .flatMap((entry) => (entry.isFile() ? [path.join(entry.parentPath, entry.name)] : []));
}

/** Searches the raw bytes of each file for each needle. */
export function scanFiles(files: readonly string[], needles: readonly Needle[], label: string) {
  const result: ScanResult = { files: 0, bytes: 0, hits: [] };
  for (const file of files) {
    const content = fs.readFileSync(file);
    result.files += 1;
    result.bytes += content.length;
    for (const needle of needles) {
      if (content.includes(needle.bytes)) {
        result.hits.push({ secret: needle.secret, form: needle.form, place: `${label} ${file}` });
      }
    }
  }
  return result;
}

/**
 * The 32-byte seed of an OpenSSH ed25519 private key: the private part holds it as the first half
 * of a 64-byte string (seed then public key), the last length-64 string of the blob.
 */
export function ed25519Seed(openSshPrivateKey: string): Buffer {
  const body = openSshPrivateKey
    .split('\n')
    .filter((line) => line && !line.startsWith('-----'))
    .join('');
  const blob = Buffer.from(body, 'base64');
  const at = blob.lastIndexOf(Buffer.from([0, 0, 0, 64]));
  if (at < 0) throw new Error('not an OpenSSH ed25519 private key');
  return blob.subarray(at + 4, at + 4 + 32);
}
