import { describe, expect, it } from 'vitest';
import { hashPassword } from './password';
import { verify } from '@node-rs/argon2';

describe('password hashing', () => {
  it('uses argon2id with the OWASP parameters and a fresh salt each time', async () => {
    const first = await hashPassword('correct horse');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('correct horse')).not.toBe(first);
  });

  it('verifies the right password only', async () => {
    const hash = await hashPassword('correct horse');
    expect(await verify(hash, 'correct horse')).toBe(true);
    expect(await verify(hash, 'correct horse ')).toBe(false);
  });
});
