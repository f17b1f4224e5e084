import { describe, expect, it } from 'vitest';
import { billingUsageQuerySchema, billingUsageSchema } from './billing-usage';
import {
  buildUsageReport,
  clippedSeconds,
  formatCad,
  formatRate,
  formatUptime,
  monthOf,
  monthRange,
  roundCents,
  type UsagePeriod,
} from './usage-rules';

const period = (startedAt: string, endedAt: string | null, extra: Partial<UsagePeriod> = {}) => ({
  id: 'p1',
  name: 'prod-ca-montreal',
  description: 'Smart cluster prod',
  type: 'cluster' as const,
  projectRegion: 'Montréal',
  quantity: 3,
  rate: 0.085,
  startedAt: new Date(startedAt),
  endedAt: endedAt ? new Date(endedAt) : null,
  ...extra,
});

describe('months', () => {
  it('names the UTC month and spans it half-open', () => {
    expect(monthOf(new Date('2030-01-31T23:59:59Z'))).toBe('2030-01');
    expect(monthOf(new Date('2030-12-01T00:00:00Z'))).toBe('2030-12');
    expect(monthRange('2030-12')).toEqual({
      start: new Date('2030-12-01T00:00:00Z'),
      end: new Date('2031-01-01T00:00:00Z'),
    });
  });

  it('accepts YYYY-MM only', () => {
    expect(billingUsageQuerySchema.safeParse({ month: '2030-02' }).success).toBe(true);
    expect(billingUsageQuerySchema.safeParse({}).success).toBe(true);
    for (const month of ['2030-13', '2030-2', '30-02', '2030-02-01']) {
      expect(billingUsageQuerySchema.safeParse({ month }).success).toBe(false);
    }
  });
});

describe('clippedSeconds', () => {
  const january = monthRange('2030-01');
  const later = new Date('2030-03-01T00:00:00Z');

  it('counts a period inside the month in full', () => {
    const p = period('2030-01-10T00:00:00Z', '2030-01-10T05:30:00Z');
    expect(clippedSeconds(p, january, later)).toBe(5.5 * 3600);
  });

  it('clips a period that crosses the month edges', () => {
    const p = period('2029-12-31T22:00:00Z', '2030-02-01T02:00:00Z');
    expect(clippedSeconds(p, january, later)).toBe(31 * 86_400);
    expect(clippedSeconds(p, monthRange('2029-12'), later)).toBe(2 * 3600);
    expect(clippedSeconds(p, monthRange('2030-02'), later)).toBe(2 * 3600);
  });

  it('runs an open period until now, and never before it started', () => {
    const p = period('2030-01-15T09:00:00Z', null);
    expect(clippedSeconds(p, january, new Date('2030-01-15T10:00:00.900Z'))).toBe(3600);
    expect(clippedSeconds(p, january, new Date('2030-01-15T08:00:00Z'))).toBe(0);
    expect(clippedSeconds(p, monthRange('2029-12'), later)).toBe(0);
  });
});

describe('money', () => {
  it('rounds to cents half away from zero', () => {
    expect(roundCents(1.005)).toBe(1.01);
    expect(roundCents(0.014999)).toBe(0.01);
    expect(roundCents(2.675)).toBe(2.68);
    expect(roundCents(-1.005)).toBe(-1.01);
  });

  it('formats CAD with $ and 2 decimals; rates keep their tenths of a cent', () => {
    expect(formatCad(1234.5)).toBe('$1,234.50');
    expect(formatCad(0)).toBe('$0.00');
    expect(formatRate(0.0425)).toBe('$0.0425');
    expect(formatRate(0.34)).toBe('$0.34');
  });
});

describe('formatUptime (spec "Business constants and limits")', () => {
  it('shows at most the 2 largest non-zero units, in 2-digit groups', () => {
    expect(formatUptime(93_784)).toBe('01d 02h'); // 1d 2h 3m 4s
    expect(formatUptime(86_400 + 240)).toBe('01d 04m'); // zero hours are skipped
    expect(formatUptime(5.5 * 3600)).toBe('05h 30m');
    expect(formatUptime(61)).toBe('01m 01s');
    expect(formatUptime(7)).toBe('07s');
    expect(formatUptime(31 * 86_400)).toBe('31d');
    expect(formatUptime(0)).toBe('00s');
  });

  it('shows every non-zero unit when asked for more', () => {
    expect(formatUptime(93_784, 4)).toBe('01d 02h 03m 04s');
  });
});

describe('buildUsageReport', () => {
  const now = new Date('2030-01-20T00:00:00Z');

  it('bills quantity × hours × rate per line, totals the rounded lines, and accrues per day', () => {
    const report = buildUsageReport(
      [
        // 3 nodes × 5.5 h × 0.085 = 1.4025 → 1.40
        period('2030-01-10T00:00:00Z', '2030-01-10T05:30:00Z'),
        // 1 node × 26 h × 0.17 = 4.42, over two days
        period('2030-01-11T12:00:00Z', '2030-01-12T14:00:00Z', {
          id: 'p2',
          type: 'stack',
          quantity: 1,
          rate: 0.17,
        }),
        // Ended last month: no line.
        period('2029-12-01T00:00:00Z', '2029-12-02T00:00:00Z', { id: 'p3' }),
      ],
      '2030-01',
      now,
    );
    expect(billingUsageSchema.parse(report)).toEqual(report);
    expect(report.currency).toBe('CAD');
    expect(report.entities.map((line) => [line.id, line.uptime, line.total])).toEqual([
      ['p1', 19_800, 1.4],
      ['p2', 93_600, 4.42],
    ]);
    expect(report.entities[0]).toMatchObject({ unit: 'hour', project_region: 'Montréal' });
    expect(report.total).toBe(5.82);
    expect(report.days).toHaveLength(31);
    const byDay = Object.fromEntries(report.days.map(({ day, total }) => [day, total]));
    expect(byDay['2030-01-10']).toBe(1.4);
    expect(byDay['2030-01-11']).toBe(2.04); // 12 h × 0.17
    expect(byDay['2030-01-12']).toBe(2.38); // 14 h × 0.17
    expect(byDay['2030-01-13']).toBe(0);
  });

  it('bills an open period up to now only', () => {
    const report = buildUsageReport([period('2030-01-19T22:00:00Z', null)], '2030-01', now);
    expect(report.entities[0]?.uptime).toBe(7200);
    expect(report.total).toBe(roundCents(3 * 2 * 0.085));
    expect(report.days.find((d) => d.day === '2030-01-21')?.total).toBe(0);
  });
});
