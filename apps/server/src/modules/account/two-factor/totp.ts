import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * TOTP as RFC 6238 defines it and every authenticator app reads it: HMAC-SHA-1, 30-second steps,
 * 6 digits. Written here because `otpauth` is not installed; it is the RFC's few lines.
 */
export const totpPeriodSeconds = 30;
const digits = 6;
/** Codes of the step before and after count too: phones' clocks drift and people type slowly. */
const driftSteps = 1;

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A new secret: 20 random bytes (RFC 4226's recommended length), in base32 without padding. */
export function newTotpSecret(): string {
  return toBase32(randomBytes(20));
}

export function toBase32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += base32Alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += base32Alphabet[(value << (5 - bits)) & 31];
  return out;
}

function fromBase32(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = base32Alphabet.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function timeStepAt(at: Date): number {
  return Math.floor(at.getTime() / 1000 / totpPeriodSeconds);
}

/** The code of one time step (RFC 4226's dynamic truncation). */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', fromBase32(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The step whose code this is, within the drift around `at`; undefined if none. */
export function matchingStep(secret: string, code: string, at: Date): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const now = timeStepAt(at);
  for (let step = now - driftSteps; step <= now + driftSteps; step++) {
    if (timingSafeEqual(Buffer.from(totpCode(secret, step)), Buffer.from(code))) return step;
  }
  return undefined;
}

/** The URL authenticator apps read from the QR code (Google Authenticator's Key Uri Format). */
export function otpauthUrl(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(digits),
    period: String(totpPeriodSeconds),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
