import { describe, expect, it } from 'vitest';
import {
  createResponseRateLimiter,
  defaultResponseRateLimit,
  sourcePrefix,
  type RateVerdict,
  type ResponseRateLimitOptions,
} from './response-rate-limit';

/** A limiter on a clock the test moves (ms). */
function limiter(options: Partial<ResponseRateLimitOptions> = {}) {
  const clock = { ms: 0 };
  const verdict = createResponseRateLimiter(
    { ...defaultResponseRateLimit, ...options },
    () => clock.ms,
  );
  const burst = (address: string, count: number): RateVerdict[] =>
    Array.from({ length: count }, () => verdict(address));
  const tally = (verdicts: RateVerdict[]) => ({
    answer: verdicts.filter((v) => v === 'answer').length,
    slip: verdicts.filter((v) => v === 'slip').length,
    drop: verdicts.filter((v) => v === 'drop').length,
  });
  return { clock, verdict, burst, tally };
}

describe('DNS response-rate limiting', () => {
  it('answers a burst up to the rate, then drops and slips every second one (slip 2)', () => {
    const { burst, tally } = limiter();
    const verdicts = burst('203.0.113.7', 200);
    expect(verdicts.slice(0, 20).every((v) => v === 'answer')).toBe(true);
    expect(verdicts.slice(20, 24)).toEqual(['drop', 'slip', 'drop', 'slip']);
    expect(tally(verdicts)).toEqual({ answer: 20, slip: 90, drop: 90 });
  });

  it('counts a whole /24 as one source, and leaves other prefixes alone', () => {
    const { burst, tally } = limiter();
    burst('203.0.113.7', 200);
    expect(tally(burst('203.0.113.200', 10))).toEqual({ answer: 0, slip: 5, drop: 5 });
    expect(tally(burst('203.0.114.7', 20))).toEqual({ answer: 20, slip: 0, drop: 0 });
    expect(tally(burst('::ffff:203.0.113.9', 2)).answer).toBe(0);
  });

  it('counts a /56 as one IPv6 source', () => {
    expect(sourcePrefix('2001:db8:0:1::1')).toBe(sourcePrefix('2001:db8:0:ff::2'));
    expect(sourcePrefix('2001:db8:0:1::1')).not.toBe(sourcePrefix('2001:db8:0:100::1'));
    expect(sourcePrefix('::ffff:192.0.2.1')).toBe(sourcePrefix('192.0.2.77'));
    const { burst, tally } = limiter();
    burst('2001:db8:0:1::1', 25);
    expect(tally(burst('2001:db8:0:ff::2', 4)).answer).toBe(0);
    expect(tally(burst('2001:db8:0:100::1', 4)).answer).toBe(4);
  });

  it('answers at the rate again once the debt is paid, and keeps a flood limited', () => {
    const { clock, verdict, burst, tally } = limiter();
    burst('198.51.100.1', 200); // the balance is now 20 - 200 = -180
    clock.ms = 9_000; // credited 180: back to 0, so the next answer would owe
    expect(verdict('198.51.100.1')).not.toBe('answer');
    clock.ms = 9_100;
    expect(verdict('198.51.100.1')).toBe('answer');

    // 100 queries a second for a minute: the burst's credit goes in the first second, then the
    // debt sits at the window's floor and nothing more is answered.
    const flood: RateVerdict[] = [];
    for (let ms = 10_000; ms < 70_000; ms += 10) {
      clock.ms = ms;
      flood.push(verdict('192.0.2.1'));
    }
    // 20 held plus 0.2 credited per query: 25, or 24 as floating point rounds.
    expect(tally(flood.slice(0, 100)).answer).toBeGreaterThanOrEqual(24);
    expect(tally(flood.slice(0, 100)).answer).toBeLessThanOrEqual(25);
    expect(tally(flood.slice(100))).toEqual({ answer: 0, slip: 2950, drop: 2950 });
    // The floor is 15 s of credit: 15 quiet seconds pay it off, fewer do not.
    clock.ms = 70_000 + 14_900;
    expect(verdict('192.0.2.1')).not.toBe('answer');
    clock.ms = 70_000 + 14_900 + 15_100;
    expect(verdict('192.0.2.1')).toBe('answer');
  });

  it('slips every limited answer with slip 1, none with slip 0', () => {
    const everyOne = limiter({ slip: 1 });
    expect(everyOne.tally(everyOne.burst('192.0.2.1', 30))).toEqual({
      answer: 20,
      slip: 10,
      drop: 0,
    });
    const none = limiter({ slip: 0 });
    expect(none.tally(none.burst('192.0.2.1', 30))).toEqual({ answer: 20, slip: 0, drop: 10 });
  });

  it('never limits exempt addresses and networks', () => {
    const { burst, tally } = limiter({ exempt: ['192.0.2.53', '2001:db8::/32'] });
    expect(tally(burst('192.0.2.53', 100)).answer).toBe(100);
    expect(tally(burst('2001:db8:5::1', 100)).answer).toBe(100);
    expect(tally(burst('192.0.2.54', 100)).answer).toBe(20);
  });

  it('tracks at most maxPrefixes sources, forgetting the least recently seen', () => {
    const { burst, tally } = limiter({ maxPrefixes: 2 });
    burst('192.0.2.1', 30);
    expect(tally(burst('192.0.2.1', 1)).answer).toBe(0);
    burst('198.51.100.1', 1);
    burst('203.0.113.1', 1); // a third prefix: 192.0.2.0/24 is forgotten and starts afresh
    expect(tally(burst('192.0.2.1', 1)).answer).toBe(1);
  });
});
