import { describe, expect, it } from 'vitest';
import type { Figure } from './report';
import {
  anchorRatio,
  figureRow,
  goalOf,
  formatTable,
  formatValue,
  isRegression,
  regressions,
  tableRows,
  type Baseline,
} from './table';

const latency = (value: number, anchor?: number): Figure => ({
  figure: 'apps list p99',
  value,
  unit: 'ms',
  better: 'lower',
  ...(anchor === undefined ? {} : { anchor: { name: 'bare route', value: anchor } }),
});
const qps = (value: number, anchor?: number): Figure => ({
  figure: 'DNS queries/s',
  value,
  unit: 'q/s',
  better: 'higher',
  ...(anchor === undefined ? {} : { anchor: { name: 'PowerDNS', value: anchor } }),
});

describe('anchorRatio', () => {
  it('is above 1 when the figure beats its anchor, whichever way is better', () => {
    expect(anchorRatio(latency(10, 40))).toBe(4);
    expect(anchorRatio(latency(40, 10))).toBe(0.25);
    expect(anchorRatio(qps(30_000, 60_000))).toBe(0.5);
    expect(anchorRatio(qps(90_000, 60_000))).toBe(1.5);
  });

  it('is absent without an anchor', () => {
    expect(anchorRatio(latency(10))).toBeUndefined();
  });
});

describe('isRegression', () => {
  it('flags a lower-is-better figure more than 20 % above its baseline', () => {
    expect(isRegression(121, 100, 'lower')).toBe(true);
    expect(isRegression(120, 100, 'lower')).toBe(false);
    expect(isRegression(50, 100, 'lower')).toBe(false);
  });

  it('flags a higher-is-better figure more than 20 % below its baseline', () => {
    expect(isRegression(79, 100, 'higher')).toBe(true);
    expect(isRegression(80, 100, 'higher')).toBe(false);
    expect(isRegression(300, 100, 'higher')).toBe(false);
  });

  it('treats a zero baseline as: any worsening is a regression', () => {
    expect(isRegression(1, 0, 'lower')).toBe(true);
    expect(isRegression(0, 0, 'lower')).toBe(false);
    expect(isRegression(1, 0, 'higher')).toBe(false);
  });
});

describe('figureRow', () => {
  const old = { bench: 'bench:apps', value: 100, unit: 'ms', better: 'lower' } as const;

  it('gives the signed change in % of the baseline and the flag', () => {
    expect(figureRow(latency(150), old)).toMatchObject({ changePercent: 50, flag: 'REGRESSION' });
    expect(figureRow(latency(90), old)).toMatchObject({ changePercent: -10, flag: '' });
  });

  it('marks a figure the baseline does not know', () => {
    expect(figureRow(latency(90)).flag).toBe('new (no baseline)');
  });
});

describe('tableRows and formatTable', () => {
  const baseline: Baseline = {
    benches: { 'bench:dns': { date: '2025-01-01', machine: 'test', commit: 'abc' } },
    figures: {
      'DNS queries/s': { bench: 'bench:dns', value: 50_000, unit: 'q/s', better: 'higher' },
      'DNS gone': { bench: 'bench:dns', value: 1, unit: 'ms', better: 'lower' },
    },
  };

  it('shows failures, figures not measured any more and regressions', () => {
    const rows = tableRows(
      [{ bench: 'bench:dns', figures: [qps(30_000, 60_000)], failure: 'exit code 1', seconds: 7 }],
      baseline,
    );
    expect(rows.map((row) => row.flag)).toEqual([
      '',
      'REGRESSION',
      'FAILED: exit code 1',
      'not measured',
    ]);
    expect(regressions(rows)).toHaveLength(1);
    const text = formatTable(rows);
    expect(text).toContain('bench:dns (7 s)');
    expect(text).toMatch(
      /DNS queries\/s\s+30000 q\/s\s+PowerDNS 60000 q\/s\s+0\.50×\s+50000 q\/s\s+-40\.0 %\s+REGRESSION/,
    );
  });
});

describe('formatValue', () => {
  it('keeps about three significant digits', () => {
    expect(formatValue(1234.5, 'ms')).toBe('1235 ms');
    expect(formatValue(12.345, 'ms')).toBe('12.3 ms');
    expect(formatValue(1.2345)).toBe('1.23');
    expect(formatValue(3, 'files')).toBe('3 files');
    expect(formatValue(undefined)).toBe('—');
  });
});

describe('goalOf', () => {
  it('judges a goal on the value whichever way is better, and one against the anchor', () => {
    expect(goalOf({ ...latency(90), goal: { value: 100 } })).toEqual({
      text: '≤ 100 ms',
      met: true,
    });
    expect(goalOf({ ...latency(120), goal: { value: 100 } })?.met).toBe(false);
    expect(goalOf({ ...qps(90_000, 60_000), goal: { value: 1, vsAnchor: true } })).toEqual({
      text: '≥ 1.00× anchor',
      met: true,
    });
    expect(goalOf({ ...qps(50_000, 60_000), goal: { value: 1, vsAnchor: true } })?.met).toBe(false);
    expect(goalOf({ ...qps(50_000), goal: { value: 1, vsAnchor: true } })?.met).toBe(false);
    expect(goalOf(latency(10))).toBeUndefined();
  });

  it('shows the goal and its verdict in the table', () => {
    const rows = tableRows([
      {
        bench: 'bench:dns',
        seconds: 9,
        figures: [{ ...qps(50_000, 60_000), goal: { value: 1, vsAnchor: true } }],
      },
    ]);
    expect(formatTable(rows)).toContain('≥ 1.00× anchor NOT met');
  });
});
