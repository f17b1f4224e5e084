import type { localizeMessage as LocalizeMessage } from '@meridian/domain/i18n/localize-message';
import { currentLocale } from './locale';

let localize: typeof LocalizeMessage | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/**
 * The server's message catalogue (~16 KB gzip), fetched the first time a French reader meets a
 * message the server wrote into an event (a status reason): never on /login or /home's first load.
 */
export function loadServerMessages(): Promise<void> {
  if (currentLocale() === 'en' || localize) return Promise.resolve();
  loading ??= import('@meridian/domain/i18n/localize-message').then((module) => {
    localize = module.localizeMessage;
    for (const listener of listeners) listener();
  });
  return loading;
}

/** Whether the catalogue is here: a list renders again in French once it is. */
export function serverMessagesLoaded(): boolean {
  return localize !== undefined;
}

export function subscribeServerMessages(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A message the server wrote into an event, in the console's language once the catalogue is here. */
export function localizedServerMessage(message: string): string {
  const locale = currentLocale();
  return locale === 'en' || !localize ? message : localize(message, locale);
}
