/**
 * The console's languages (issue 40): English, and French as written in Canada (OQLF usage).
 * No zod here: the login page reads this module, and zod stays off its first load.
 */
export const locales = ['en', 'fr-CA'] as const;

export type Locale = (typeof locales)[number];

/**
 * The first of a reader's languages (most preferred first, as `navigator.languages` or a parsed
 * `Accept-Language` list them) that Meridian speaks: any French is fr-CA, any English is en.
 */
export function pickLocale(languages: readonly string[]): Locale | undefined {
  for (const language of languages) {
    const primary = language.trim().toLowerCase().split(/[-_]/)[0];
    if (primary === 'fr') return 'fr-CA';
    if (primary === 'en') return 'en';
  }
  return undefined;
}

/** The `Intl` locale a language formats dates and numbers in: the spec's US English, or Canadian French. */
export function intlLocaleOf(locale: Locale): 'en-US' | 'fr-CA' {
  return locale === 'fr-CA' ? 'fr-CA' : 'en-US';
}
