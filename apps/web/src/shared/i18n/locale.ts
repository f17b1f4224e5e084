import { pickLocale, type Locale } from '@meridian/domain/i18n/locale';

/** This browser's remembered choice, so /login speaks it before anyone signs in. */
const storageKey = 'meridian.locale';

function firstLocale(): Locale {
  try {
    const stored = window.localStorage.getItem(storageKey);
    if (stored === 'en' || stored === 'fr-CA') return stored;
  } catch {
    // Storage refused (private mode): the browser's languages decide.
  }
  // navigator.languages is what the browser sends as Accept-Language.
  return pickLocale(typeof navigator === 'undefined' ? [] : navigator.languages) ?? 'en';
}

let current: Locale = typeof window === 'undefined' ? 'en' : firstLocale();
if (typeof document !== 'undefined') document.documentElement.lang = current;
/** Counts every change of language and every catalogue arriving: what a screen re-renders on. */
let revision = 0;
const listeners = new Set<() => void>();
const preparations = new Set<(locale: Locale) => Promise<void>>();

/** The language every text, date and amount is shown in right now. */
export function currentLocale(): Locale {
  return current;
}

/** The snapshot a screen subscribes to (`useSyncExternalStore(subscribeLocale, localeRevision)`). */
export function localeRevision(): number {
  return revision;
}

/** What must load before a screen shows in a language (its catalogues, antd's words). */
export function prepareLocaleWith(prepare: (locale: Locale) => Promise<void>): void {
  preparations.add(prepare);
}

/**
 * Loads what `locale` needs for everything loaded so far; a page calls it once its code is here.
 * A catalogue that fails to load leaves its texts in English rather than the screen blank.
 */
export async function prepareLocale(locale: Locale = current): Promise<void> {
  await Promise.all([...preparations].map((prepare) => prepare(locale).catch(() => undefined)));
}

/** Renders every screen again: a catalogue has arrived. */
export function localeTextsArrived(): void {
  revision += 1;
  for (const listener of listeners) listener();
}

/**
 * Switches the console's language: the stored choice at once, then, once its catalogues are
 * here, the page's `lang` and every screen.
 */
export async function setLocale(locale: Locale): Promise<void> {
  try {
    window.localStorage.setItem(storageKey, locale);
  } catch {
    // Not remembered in this browser; the account still remembers it.
  }
  await prepareLocale(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  if (locale === current) return;
  current = locale;
  localeTextsArrived();
}

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab's choice is followed here, as its login and logout are.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === storageKey && (event.newValue === 'en' || event.newValue === 'fr-CA')) {
      void setLocale(event.newValue);
    }
  });
}
