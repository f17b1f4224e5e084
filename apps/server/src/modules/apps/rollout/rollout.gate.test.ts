import { describe, expect, it } from 'vitest';
import { judgeErrorRate, nextMove, recheckMs } from './rollout.gate';

const rollout = { bakeSeconds: 60, errorMargin: 0.02 };
const now = new Date('2026-11-26T12:00:00Z');
const rate = (requests: number, errors: number) => ({
  requests,
  errors,
  rate: requests > 0 ? errors / requests : null,
});

describe('the health gate of a rollout step', () => {
  it('starts a waiting location', () => {
    const step = { state: 'waiting' as const, location: 'Tokyo', bakeUntil: null };
    expect(nextMove(rollout, step, { status: 'success', statusReason: null, now })).toEqual({
      kind: 'start',
    });
  });

  it('waits while the location rolls out, then bakes once it is available', () => {
    const step = { state: 'rolling' as const, location: 'Tokyo', bakeUntil: null };
    expect(nextMove(rollout, step, { status: 'updating', statusReason: null, now })).toEqual({
      kind: 'wait',
      untilMs: now.getTime() + recheckMs,
    });
    expect(nextMove(rollout, step, { status: 'success', statusReason: null, now })).toEqual({
      kind: 'bake',
      until: new Date(now.getTime() + 60_000),
    });
  });

  it('fails a location whose rollout failed, with its reason', () => {
    const step = { state: 'rolling' as const, location: 'Tokyo', bakeUntil: null };
    const move = nextMove(rollout, step, {
      status: 'failure',
      statusReason: 'Deployment web did not become available.',
      now,
    });
    expect(move).toEqual({
      kind: 'fail',
      reason: 'Tokyo: Deployment web did not become available.',
    });
  });

  it('judges the error rate only once the bake time is over', () => {
    const baking = { state: 'baking' as const, location: 'Tokyo' };
    const later = new Date(now.getTime() + 30_000);
    expect(
      nextMove(
        rollout,
        { ...baking, bakeUntil: later },
        { status: 'success', statusReason: null, now },
      ),
    ).toEqual({ kind: 'wait', untilMs: now.getTime() + recheckMs });
    expect(
      nextMove(
        rollout,
        { ...baking, bakeUntil: now },
        { status: 'success', statusReason: null, now },
      ),
    ).toEqual({ kind: 'judge' });
  });

  it('passes within the margin and fails beyond it, saying the figures', () => {
    expect(
      judgeErrorRate(rollout, 'Tokyo', { observed: rate(1000, 25), baseline: rate(1000, 10) }),
    ).toEqual({ kind: 'pass', observedRate: 0.025, baselineRate: 0.01 });
    const failed = judgeErrorRate(rollout, 'Tokyo', {
      observed: rate(1000, 310),
      baseline: rate(5000, 25),
    });
    expect(failed).toMatchObject({ kind: 'fail', observedRate: 0.31, baselineRate: 0.005 });
    expect(failed.kind === 'fail' && failed.reason).toBe(
      'Tokyo: 31.0 % of 1000 requests failed over the bake time, against 0.5 % for the previous version (at most 2.0 % more is allowed).',
    );
  });

  it('passes when no traffic was measured, and compares with 0 when the old version had none', () => {
    expect(
      judgeErrorRate(rollout, 'Tokyo', { observed: rate(0, 0), baseline: rate(0, 0) }),
    ).toEqual({ kind: 'pass', observedRate: null, baselineRate: null });
    expect(
      judgeErrorRate(rollout, 'Tokyo', { observed: rate(100, 10), baseline: rate(0, 0) }),
    ).toMatchObject({ kind: 'fail' });
  });

  it('does not halt on chance: a handful of requests, or an error or two above the margin', () => {
    expect(
      judgeErrorRate(rollout, 'Tokyo', { observed: rate(5, 1), baseline: rate(0, 0) }),
    ).toMatchObject({ kind: 'pass' });
    expect(
      judgeErrorRate(rollout, 'Tokyo', { observed: rate(40, 2), baseline: rate(1000, 5) }),
    ).toMatchObject({ kind: 'pass' });
  });
});
