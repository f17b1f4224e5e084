import type { Locale } from '../i18n/locale';
import {
  billingCurrency,
  usageUnit,
  type BillingUsage,
  type BillingUsageLine,
  type UsageType,
} from './billing-usage';

/** A stretch of time a resource ran at one quantity and rate; open while `endedAt` is null. */
export interface UsagePeriod {
  id: string;
  name: string;
  description: string;
  type: UsageType;
  projectRegion: string;
  quantity: number;
  /** CAD per node-hour. */
  rate: number;
  startedAt: Date;
  endedAt: Date | null;
}

export interface TimeRange {
  start: Date;
  /** Exclusive. */
  end: Date;
}

const secondsPerHour = 3600;
const msPerDay = 86_400_000;

/** 'YYYY-MM' of the UTC month `at` falls in. */
export function monthOf(at: Date): string {
  return `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The UTC month 'YYYY-MM' as a half-open range. */
export function monthRange(month: string): TimeRange {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return {
    start: new Date(Date.UTC(year, monthNumber - 1, 1)),
    end: new Date(Date.UTC(year, monthNumber, 1)),
  };
}

/**
 * Whole seconds a period overlaps `range`; an open period runs until `now`, so a month still
 * under way bills only what has happened.
 */
export function clippedSeconds(
  period: Pick<UsagePeriod, 'startedAt' | 'endedAt'>,
  range: TimeRange,
  now: Date,
): number {
  const end = Math.min((period.endedAt ?? now).getTime(), range.end.getTime(), now.getTime());
  const start = Math.max(period.startedAt.getTime(), range.start.getTime());
  return end > start ? Math.floor((end - start) / 1000) : 0;
}

/**
 * CAD rounded half away from zero to cents. Scaling by 100 in floating point lands 1.005 on
 * 100.49999…; the epsilon nudge keeps such halves rounding up as a person would.
 */
export function roundCents(amount: number): number {
  const sign = amount < 0 ? -1 : 1;
  return (sign * Math.round(Math.abs(amount) * 100 * (1 + Number.EPSILON))) / 100;
}

/** Quantity × hours × rate, unrounded (sums of these round once, not per part). */
export function cost(quantity: number, seconds: number, rate: number): number {
  return (quantity * seconds * rate) / secondsPerHour;
}

/** The month's usage: one line per period that ran in it, the total, and the cost per day. */
export function buildUsageReport(
  periods: readonly UsagePeriod[],
  month: string,
  now: Date,
): BillingUsage {
  const range = monthRange(month);
  const entities: BillingUsageLine[] = [];
  for (const period of periods) {
    const uptime = clippedSeconds(period, range, now);
    if (uptime === 0) continue;
    entities.push({
      id: period.id,
      name: period.name,
      description: period.description,
      type: period.type,
      project_region: period.projectRegion,
      quantity: period.quantity,
      unit: usageUnit,
      uptime,
      rate: period.rate,
      total: roundCents(cost(period.quantity, uptime, period.rate)),
    });
  }
  // The total adds the rounded lines, so the table's lines visibly add up to it.
  const total = roundCents(entities.reduce((sum, line) => sum + line.total, 0));
  const days = [];
  for (let day = range.start.getTime(); day < range.end.getTime(); day += msPerDay) {
    const dayRange = { start: new Date(day), end: new Date(day + msPerDay) };
    const accrued = periods.reduce(
      (sum, period) =>
        sum + cost(period.quantity, clippedSeconds(period, dayRange, now), period.rate),
      0,
    );
    days.push({ day: dayRange.start.toISOString().slice(0, 10), total: roundCents(accrued) });
  }
  return { month, currency: billingCurrency, entities, total, days };
}

const uptimeUnits = [
  ['d', 86_400],
  ['h', 3600],
  ['m', 60],
  ['s', 1],
] as const;

/**
 * Spec "Business constants and limits": an hourly line's uptime shows at most its 2 largest non-zero units (day, hour, minute,
 * second), each as a 2-digit group: 93784 s → '01d 02h'. Zero reads '00s'.
 */
export function formatUptime(seconds: number, maxUnits = 2): string {
  let rest = Math.max(0, Math.floor(seconds));
  const groups: string[] = [];
  for (const [suffix, size] of uptimeUnits) {
    const value = Math.floor(rest / size);
    rest -= value * size;
    if (value > 0 && groups.length < maxUnits) {
      groups.push(`${String(value).padStart(2, '0')}${suffix}`);
    }
  }
  return groups.length > 0 ? groups.join(' ') : '00s';
}

/** CAD as a reader of the locale writes it: '1 234,50 $' in Canadian French (Intl, OQLF). */
function frenchCad(amount: number, maximumFractionDigits: number): string {
  return new Intl.NumberFormat('fr-CA', {
    style: 'currency',
    currency: 'CAD',
    minimumFractionDigits: 2,
    maximumFractionDigits,
  }).format(amount);
}

/** Money per design: CAD with a '$' prefix and always 2 decimals, e.g. '$1,234.50'; '1 234,50 $' in French. */
export function formatCad(amount: number, locale: Locale = 'en'): string {
  if (locale === 'fr-CA') return frenchCad(roundCents(amount), 2);
  return `$${roundCents(amount).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;
}

/** A rate keeps its 4 decimals, as the datacenters price in tenths of a cent: '$0.0850'. */
export function formatRate(rate: number, locale: Locale = 'en'): string {
  if (locale === 'fr-CA') return frenchCad(rate, 4);
  return `$${rate.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`;
}
