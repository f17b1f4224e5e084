/** Dates as the console shows them, always in US English; an absent or invalid date shows `empty`. */
function formatIso(
  iso: string | null | undefined,
  options: Intl.DateTimeFormatOptions,
  empty: string,
): string {
  if (!iso) return empty;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? empty : date.toLocaleString('en-US', options);
}

/** 'Nov 21, 2026, 11:42 PM' for card and drawer times. */
export function formatDateTime(iso: string | null | undefined): string {
  return formatIso(
    iso,
    { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
    '—',
  );
}

/** Spec "Business constants and limits": US English, long form (weekday, year, month, day). */
export function formatLongDate(iso: string): string {
  return formatIso(iso, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }, '');
}

export function formatTime(iso: string): string {
  return formatIso(iso, { hour: 'numeric', minute: '2-digit' }, '');
}
