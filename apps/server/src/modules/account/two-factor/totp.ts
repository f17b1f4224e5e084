import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** TOTP as RFC 6238 defines it and every authenticator app reads it (otpauth does the RFC). */
export const totpPeriodSeconds = 30;
/** Codes of the step before and after count too: phones' clocks drift and people type slowly. */
const driftSteps = 1;

function totpOf(secret: string, issuer = 'Meridian', label = 'Meridian'): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: totpPeriodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret: 20 random bytes (RFC 4226's recommended length), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** Random base32 text of `length` characters. */
export function randomBase32(length: number): string {
  return new Secret({
    buffer: Uint8Array.from(randomBytes(Math.ceil((length * 5) / 8))).buffer,
  }).base32.slice(0, length);
}

export function timeStepAt(at: Date): number {
  return Math.floor(at.getTime() / 1000 / totpPeriodSeconds);
}

/** The code of one time step. */
export function totpCode(secret: string, step: number): string {
  return totpOf(secret).generate({ timestamp: step * totpPeriodSeconds * 1000 });
}

/** The step whose code this is, within the drift around `at`; undefined if none. */
export function matchingStep(secret: string, code: string, at: Date): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpOf(secret).validate({
    token: code,
    timestamp: at.getTime(),
    window: driftSteps,
  });
  return delta === null ? undefined : timeStepAt(at) + delta;
}

/** The URL authenticator apps read from the QR code (Google Authenticator's Key Uri Format). */
export function otpauthUrl(issuer: string, account: string, secret: string): string {
  return totpOf(secret, issuer, account).toString();
}
