import { describe, expect, it } from 'vitest';
import { loginSchema } from './login';
import { createUserSchema } from './user';

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((i) => i.message) ?? [];
}

describe('login rules', () => {
  it('requires a username and a password with the spec messages', () => {
    expect(messages(loginSchema.safeParse({}))).toEqual([
      'Please enter a username',
      'Please enter a password',
    ]);
    expect(messages(loginSchema.safeParse({ username: '   ', password: '' }))).toEqual([
      'Please enter a username',
      'Please enter a password',
    ]);
  });

  it('trims the username but keeps the password as typed', () => {
    expect(loginSchema.parse({ username: ' ada ', password: ' pw ' })).toEqual({
      username: 'ada',
      password: ' pw ',
    });
  });
});

describe('user creation rules', () => {
  it('checks email and password length', () => {
    const result = createUserSchema.safeParse({
      username: 'ada',
      email: 'nope',
      password: 'short',
    });
    expect(messages(result)).toEqual([
      'This is not a valid email',
      'Password must be at least 8 characters',
    ]);
    expect(
      createUserSchema.parse({ username: 'ada', email: ' ada@example.ca ', password: '12345678' })
        .email,
    ).toBe('ada@example.ca');
  });
});
