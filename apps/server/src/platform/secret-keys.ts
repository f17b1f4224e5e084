import { createHash, randomBytes, scrypt } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Database } from './db/database';
import { secretKey, type SecretKey, type SecretKeyRing } from './secret-box';
import { secretKeySalt } from './db/schema/platform';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

// OWASP's minimum for scrypt (N=2^17, r=8, p=1): about a third of a second, once per start.
const scryptCost = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 };

export interface SecretKeySettings {
  /** MERIDIAN_SECRET_KEY; without it the key lives in `<dataDir>/secret.key`. */
  secretKey?: string;
  /** MERIDIAN_SECRET_KEY_PREVIOUS: earlier keys that still open what they sealed. */
  previousSecretKeys?: readonly string[];
  dataDir?: string;
}

/** The 32 bytes of a key written as 64 hex characters or base64, else undefined (a passphrase). */
export function rawKeyOf(text: string): Buffer | undefined {
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  const decoded = Buffer.from(text, 'base64');
  if (decoded.length === 32 && /^[A-Za-z0-9+/]+={0,2}$/.test(text)) return decoded;
  return undefined;
}

/**
 * The keys of MERIDIAN_SECRET_KEY(_PREVIOUS), or of the data dir's key file. A passphrase is
 * stretched with scrypt and the database's salt; its old one-hash key stays among the previous
 * keys, so values sealed before still open until `npm run secrets:rotate` re-seals them.
 */
export async function loadSecretKeyRing(
  db: Database,
  settings: SecretKeySettings,
): Promise<SecretKeyRing> {
  const currentText = settings.secretKey ?? (await keyFileText(settings.dataDir));
  const salt = new Lazy(() => loadSalt(db));
  const current = await keysOfText(currentText, salt);
  const previous: SecretKey[] = current.slice(1);
  for (const text of settings.previousSecretKeys ?? [])
    previous.push(...(await keysOfText(text, salt)));
  const seen = new Set([current[0]!.id]);
  return {
    current: current[0]!,
    previous: previous.filter((key) => !seen.has(key.id) && seen.add(key.id)),
  };
}

/** A raw key as it is; a passphrase's scrypt key first, then the single-hash key of old. */
async function keysOfText(text: string, salt: Lazy<Buffer>): Promise<SecretKey[]> {
  const raw = rawKeyOf(text);
  if (raw) return [secretKey(raw)];
  const stretched = await scryptAsync(text.normalize('NFC'), await salt.get(), 32, scryptCost);
  return [secretKey(stretched), secretKey(createHash('sha256').update(text).digest())];
}

async function loadSalt(db: Database): Promise<Buffer> {
  await db
    .insert(secretKeySalt)
    .values({ id: 1, salt: randomBytes(16).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(secretKeySalt);
  return Buffer.from(row!.salt, 'base64');
}

/**
 * The key file's text, generated once (mode 0600). With an in-memory data dir (tests), a
 * process-lifetime random key.
 */
async function keyFileText(dataDir: string | undefined): Promise<string> {
  if (!dataDir || dataDir.includes('://')) return randomBytes(32).toString('hex');
  const file = path.join(dataDir, 'secret.key');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  try {
    await writeFile(file, key + '\n', { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  }
}

/** Computed once, on first need: the salt is only read when a passphrase is given. */
class Lazy<T> {
  private value: Promise<T> | undefined;
  constructor(private readonly make: () => Promise<T>) {}
  get(): Promise<T> {
    this.value ??= this.make();
    return this.value;
  }
}
