import { hash } from '@node-rs/argon2';

// OWASP's argon2id baseline (m=19 MiB, t=2, p=1). The algorithm is left at the library's
// default, argon2id: its `Algorithm` is an ambient const enum, which isolatedModules forbids.
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export const commonPasswordMessage =
  'This password is one of the most common passwords, which attackers try first; choose another';

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/**
 * True for a password on zxcvbn-ts's list of the ~49,000 most common ones (from breach corpora),
 * compared without case; the list loads on first use, not at start.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((item) => item.toLowerCase())),
  );
  return (await commonPasswords).has(password.toLowerCase());
}
