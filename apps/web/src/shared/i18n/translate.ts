import { en } from './en';
import type { Catalogue, TextKey } from './en';

const catalogues = { en } satisfies Record<string, Catalogue>;

export type Locale = keyof typeof catalogues;

let locale: Locale = 'en';

export function setLocale(next: Locale): void {
  locale = next;
}

/** Looks a text up in the current catalogue and fills its `{name}` placeholders. */
export function t(key: TextKey, params?: Record<string, string | number>): string {
  const text: string = catalogues[locale][key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}
