import { useEffect, useSyncExternalStore } from 'react';
import { currentLocale } from './locale';
import {
  loadServerMessages,
  serverMessagesLoaded,
  subscribeServerMessages,
} from './server-messages';

// Apart from server-messages.ts, which /home's live notices read: the hook belongs to the screens
// that list the server's words, so /home does not carry it.
/**
 * For a screen that shows the server's words (status reasons, rollout notes): it loads their
 * catalogue when the reader reads French, and renders again once it is here.
 */
export function useServerMessages(): void {
  const locale = currentLocale();
  useEffect(() => void loadServerMessages(), [locale]);
  useSyncExternalStore(subscribeServerMessages, serverMessagesLoaded);
}
