import { currentLocale } from '../i18n/locale';
import { intlLocaleOf } from '@meridian/domain/i18n/locale';

/** Dates as the console shows them, in its language (en-US or fr-CA); an absent or invalid date shows `empty`. */
function formatIso(
  iso: string | null | undefined,
  options: Intl.DateTimeFormatOptions,
  empty: string,
): string {
  if (!iso) return empty;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? empty : date.toLocaleString(intlLocale(), options);
}

/** 'Nov 21, 2026, 11:42 PM' for card and drawer times. */
export function formatDateTime(iso: string | null | undefined): string {
  return formatIso(
    iso,
    { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
    '—',
  );
}

/** Spec "Business constants and limits": long form (weekday, year, month, day), US English in English. */
export function formatLongDate(iso: string): string {
  return formatIso(iso, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }, '');
}

export function formatTime(iso: string): string {
  return formatIso(iso, { hour: 'numeric', minute: '2-digit' }, '');
}

/** The `Intl` locale of the console's language now. */
export function intlLocale(): string {
  return intlLocaleOf(currentLocale());
}
