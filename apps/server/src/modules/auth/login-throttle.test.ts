import { describe, expect, it } from 'vitest';
import { LoginThrottle, type LoginThrottleLimits } from './login-throttle';

const limits: LoginThrottleLimits = {
  maxFailuresPerUserAndIp: 3,
  maxFailuresPerUser: 5,
  windowMs: 60_000,
  trustedIpMs: 600_000,
};

function setup() {
  let now = 1_000_000;
  const throttle = new LoginThrottle(limits, () => now);
  const fail = (username: string, ip: string) =>
    expect(throttle.attempt(username, ip).allowed).toBe(true);
  return {
    throttle,
    fail,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('login throttle', () => {
  it('blocks one username from one IP after the allowed failures, until the window ends', () => {
    const { throttle, fail, advance } = setup();
    for (let i = 0; i < 3; i++) fail('ada', '10.0.0.1');

    advance(20_000);
    expect(throttle.attempt('ada', '10.0.0.1')).toEqual({ allowed: false, retryAfterMs: 40_000 });
    expect(throttle.attempt('ADA', '10.0.0.1').allowed).toBe(false);
    expect(throttle.attempt('ada', '10.0.0.2').allowed).toBe(true);
    expect(throttle.attempt('bob', '10.0.0.1').allowed).toBe(true);

    advance(40_000);
    expect(throttle.attempt('ada', '10.0.0.1').allowed).toBe(true);
  });

  it('does not count blocked attempts, so waiting out the window is enough', () => {
    const { throttle, fail, advance } = setup();
    for (let i = 0; i < 3; i++) fail('ada', '10.0.0.1');
    for (let i = 0; i < 10; i++) throttle.attempt('ada', '10.0.0.1');
    advance(60_000);
    expect(throttle.attempt('ada', '10.0.0.1').allowed).toBe(true);
  });

  it('clears the IP’s failures for the user on a successful login', () => {
    const { throttle, fail } = setup();
    fail('ada', '10.0.0.1');
    fail('ada', '10.0.0.1');
    throttle.attempt('ada', '10.0.0.1');
    throttle.recordSuccess('ada', '10.0.0.1');
    fail('ada', '10.0.0.1');
    fail('ada', '10.0.0.1');
    expect(throttle.attempt('ada', '10.0.0.1').allowed).toBe(true);
  });

  it('blocks a username across all IPs, except IPs that recently logged in as that user', () => {
    const { throttle, fail, advance } = setup();
    expect(throttle.attempt('ada', '192.0.2.7').allowed).toBe(true);
    throttle.recordSuccess('ada', '192.0.2.7');

    for (let i = 1; i <= 5; i++) fail('ada', `10.0.0.${i}`);

    expect(throttle.attempt('ada', '10.0.0.99').allowed).toBe(false);
    expect(throttle.attempt('ada', '192.0.2.7').allowed).toBe(true);
    expect(throttle.attempt('bob', '10.0.0.99').allowed).toBe(true);

    // Trust fades: after trustedIpMs the owner's IP is an IP like any other.
    advance(limits.trustedIpMs);
    for (let i = 1; i <= 5; i++) fail('ada', `10.0.1.${i}`);
    expect(throttle.attempt('ada', '192.0.2.7').allowed).toBe(false);
  });

  it('counts an attempt before its outcome is known, so parallel guesses cannot slip through', () => {
    const { throttle } = setup();
    const decisions = Array.from({ length: 5 }, () => throttle.attempt('ada', '10.0.0.1'));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false, false]);
  });

  it('takes a successful attempt back from the username’s count', () => {
    const { throttle, fail } = setup();
    for (let i = 1; i <= 4; i++) fail('ada', `10.0.0.${i}`);
    for (let i = 0; i < 3; i++) {
      expect(throttle.attempt('ada', '192.0.2.7').allowed).toBe(true);
      throttle.recordSuccess('ada', '192.0.2.7');
    }
    fail('ada', '10.0.0.9');
    expect(throttle.attempt('ada', '10.0.0.10').allowed).toBe(false);
  });

  it('forgets expired counters', () => {
    const { throttle, fail, advance } = setup();
    for (let i = 0; i < 100; i++) fail(`user-${i}`, '10.0.0.1');
    advance(limits.windowMs);
    fail('ada', '10.0.0.1');
    expect(throttle.size).toBe(2);
  });
});
