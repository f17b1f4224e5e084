import { describe, expect, it } from 'vitest';
import { spokenDuration, spokenRange } from './work-duration';

describe('how long cluster work takes, in words', () => {
  it('reads the spec’s durations at time scale 1 as the spec writes them', () => {
    expect(spokenRange({ min_seconds: 1200, max_seconds: 3600 })).toBe('20 minutes to an hour');
    expect(spokenRange({ min_seconds: 300, max_seconds: 3600 })).toBe('5 minutes to an hour');
  });

  it('follows a scaled clock in minutes and seconds', () => {
    // MERIDIAN_SIM_TIME_SCALE 0.02, the default.
    expect(spokenRange({ min_seconds: 24, max_seconds: 72 })).toBe(
      '24 seconds to 1 minute 12 seconds',
    );
    expect(spokenRange({ min_seconds: 6, max_seconds: 72 })).toBe(
      '6 seconds to 1 minute 12 seconds',
    );
    expect(spokenRange({ min_seconds: 0.6, max_seconds: 7.2 })).toBe('1 second to 7 seconds');
    expect(spokenRange({ min_seconds: 0, max_seconds: 0 })).toBe('under a second');
  });

  it('goes past an hour to the minute', () => {
    expect(spokenDuration(60)).toBe('1 minute');
    expect(spokenDuration(7200)).toBe('2 hours');
    expect(spokenDuration(5430)).toBe('1 hour 31 minutes');
  });
});
