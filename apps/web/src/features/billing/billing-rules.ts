import { intlLocale } from '../../shared/lib/format-date';
import type { BillingUsageLine } from '@meridian/domain/billing/billing-usage';
import { monthOf, roundCents } from '@meridian/domain/billing/usage-rules';

export interface MonthOption {
  value: string;
  label: string;
}

/** 'YYYY-MM' as 'January 2030' (US English, design.md), read in UTC like the bill. */
export function monthLabel(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString(intlLocale(), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The current UTC month first, then the `count - 1` before it. */
export function monthOptions(now: Date, count = 12): MonthOption[] {
  const options: MonthOption[] = [];
  for (let back = 0; back < count; back += 1) {
    const value = monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)));
    options.push({ value, label: monthLabel(value) });
  }
  return options;
}

/** The regions the lines run in, for the region column's filter. */
export function regionFilters(lines: readonly BillingUsageLine[]) {
  return [...new Set(lines.map((line) => line.project_region))]
    .sort((a, b) => a.localeCompare(b))
    .map((region) => ({ text: region, value: region }));
}

/** What the lines on screen add up to. */
export function subtotal(lines: readonly Pick<BillingUsageLine, 'total'>[]): number {
  return roundCents(lines.reduce((sum, line) => sum + line.total, 0));
}

/** 'Jan 5' for a 'YYYY-MM-DD' UTC day. */
export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(intlLocale(), {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
