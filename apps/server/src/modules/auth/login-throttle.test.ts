import { describe, expect, it } from 'vitest';
import { LoginThrottle, type LoginThrottleLimits } from './login-throttle';

const limits: LoginThrottleLimits = {
  freeFailures: 3,
  firstDelayMs: 1000,
  maxDelayMs: 60_000,
  forgetAfterMs: 15 * 60_000,
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
  it('lets a few failures through, then makes each next try wait, doubling up to a minute', () => {
    const { throttle, fail, advance } = setup();
    for (let i = 0; i < 3; i++) fail('ada', '10.0.0.1');
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      fail('ada', '10.0.0.1');
      const blocked = throttle.attempt('ada', '10.0.0.1');
      expect(blocked.allowed).toBe(false);
      const wait = blocked.allowed ? 0 : blocked.retryAfterMs;
      waits.push(wait);
      advance(wait);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('never keeps the owner out: the count is per IP, and the same username elsewhere is free', () => {
    const { throttle, fail } = setup();
    for (let i = 0; i < 20; i++) throttle.attempt('ada', `10.0.0.${i % 4}`);
    expect(throttle.attempt('ada', '192.0.2.7').allowed).toBe(true);
    expect(throttle.attempt('ADA', '10.0.0.1').allowed).toBe(false);
    expect(throttle.attempt('bob', '10.0.0.1').allowed).toBe(true);
    fail('carol', '10.0.0.1');
  });

  it('does not count blocked attempts, and forgets after a quiet quarter hour', () => {
    const { throttle, fail, advance } = setup();
    for (let i = 0; i < 4; i++) fail('ada', '10.0.0.1');
    for (let i = 0; i < 10; i++) expect(throttle.attempt('ada', '10.0.0.1').allowed).toBe(false);
    advance(1000);
    fail('ada', '10.0.0.1');
    expect(throttle.attempt('ada', '10.0.0.1')).toEqual({ allowed: false, retryAfterMs: 2000 });
    advance(15 * 60_000);
    for (let i = 0; i < 3; i++) fail('ada', '10.0.0.1');
  });

  it('clears the IP’s failures for the user on a successful login', () => {
    const { throttle, fail } = setup();
    for (let i = 0; i < 3; i++) fail('ada', '10.0.0.1');
    throttle.recordSuccess('ada', '10.0.0.1');
    for (let i = 0; i < 3; i++) fail('ada', '10.0.0.1');
  });

  it('holds no counter longer than it matters', () => {
    const { throttle, advance } = setup();
    for (let i = 0; i < 1000; i++) throttle.attempt(`user-${i}`, '10.0.0.1');
    expect(throttle.size).toBe(1000);
    advance(15 * 60_000);
    throttle.attempt('ada', '10.0.0.1');
    expect(throttle.size).toBe(1);
  });
});
