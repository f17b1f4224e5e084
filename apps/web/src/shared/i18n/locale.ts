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
const listeners = new Set<() => void>();

/** The language every text, date and amount is shown in right now. */
export function currentLocale(): Locale {
  return current;
}

/** Switches the console's language: the page's `lang`, the stored choice, then every listener. */
export function setLocale(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  try {
    window.localStorage.setItem(storageKey, locale);
  } catch {
    // Not remembered in this browser; the account still remembers it.
  }
  if (locale === current) return;
  current = locale;
  for (const listener of listeners) listener();
}

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab's choice is followed here, as its login and logout are.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === storageKey && (event.newValue === 'en' || event.newValue === 'fr-CA')) {
      setLocale(event.newValue);
    }
  });
}
