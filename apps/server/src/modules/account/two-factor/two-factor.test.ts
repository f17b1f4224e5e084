import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addUser,
  createTestApp,
  databaseBackends,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../../test-support/test-app';
import { userTwoFactor } from '../../../platform/db/schema/accounts';
import { timeStepAt, totpCode } from './totp';

describe.each(databaseBackends())('two-factor authentication on %s', (backend) => {
  let t: TestApp;
  let kay: LoggedIn;
  // The middle of a time step, moved a step at a time: no code is ever read at a step's edge.
  let clock = new Date(Math.floor(Date.now() / 30_000) * 30_000 + 15_000);
  let secret = '';
  const password = 'kay-password-1';

  const post = (url: string, payload: object, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url, headers: kay.headers, payload, remoteAddress });
  const login = (extra: object = {}, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: 'kay', password, ...extra },
      remoteAddress,
    });
  const currentCode = () => totpCode(secret, timeStepAt(clock));
  const nextStep = () => (clock = new Date(clock.getTime() + 30_000));

  beforeAll(async () => {
    t = await createTestApp(backend, { now: () => clock });
    kay = await addUser(t, await logIn(t.app), 'kay');
  });
  afterAll(() => t?.close());

  it('sets up, enables with a first code, then asks for a code at login', async () => {
    const setup = await post('/auth/2fa/setup', {});
    expect(setup.statusCode, setup.body).toBe(200);
    secret = setup.json().secret;
    const url = new URL(setup.json<{ otpauth_url: string }>().otpauth_url);
    expect([url.protocol, url.host, decodeURIComponent(url.pathname)]).toEqual([
      'otpauth:',
      'totp',
      '/Meridian:kay',
    ]);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret,
      issuer: 'Meridian',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    const [stored] = await t.database.db.select().from(userTwoFactor);
    expect(stored?.secretSealed).toMatch(/^v2:/);
    expect(stored?.secretSealed).not.toContain(secret);

    const wrong = await post('/auth/2fa/enable', {
      code: '000000' === currentCode() ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    const enabled = await post('/auth/2fa/enable', { code: currentCode() });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const codes: string[] = enabled.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    const withoutCode = await login();
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json()).toEqual({
      message: 'Enter the code from your authenticator app',
      two_factor_required: true,
    });
    // The code that enabled it was used in this step: it is not accepted a second time.
    const replayed = await login({ code: currentCode() });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().two_factor_required).toBe(true);

    nextStep();
    const code = currentCode();
    expect((await login({ code })).statusCode).toBe(200);
    expect((await login({ code })).statusCode).toBe(401);

    // A recovery code works once, typed in any case.
    expect((await login({ code: codes[0]!.toUpperCase() })).statusCode).toBe(200);
    expect((await login({ code: codes[0] })).statusCode).toBe(401);
    expect((await login({ code: codes[1] })).statusCode).toBe(200);
  });

  it('counts wrong codes against the login throttle', async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      statuses.push((await login({ code: 'zzzz-zzzz-zzzz' }, '198.51.100.7')).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });

  it('turns off with the password and a code', async () => {
    nextStep();
    const wrongPassword = await post('/auth/2fa/disable', {
      password: 'nope',
      code: currentCode(),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ message: 'The password is not correct' });
    const disabled = await post('/auth/2fa/disable', { password, code: currentCode() });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await login()).statusCode).toBe(200);
  });
});
