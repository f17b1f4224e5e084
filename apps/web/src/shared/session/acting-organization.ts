import { useSyncExternalStore } from 'react';
import { readStoredUser } from './user-storage';
import { USER_STORAGE_KEY } from './user-storage-key';

/** Each user's choice on its own key, so another user of this browser starts in their own account. */
const storageKey = (userId: string) => `${USER_STORAGE_KEY}.${userId}.organization`;

const listeners = new Set<() => void>();

/**
 * The organisation the signed-in user acts in (lists, counters, map, creations), or null for
 * their personal account. The API client sends it as the organisation header.
 */
export function readActingOrganization(): string | null {
  const user = readStoredUser();
  if (!user) return null;
  try {
    return window.localStorage.getItem(storageKey(user.userId)) || null;
  } catch {
    return null;
  }
}

/** Acts in `uuid` from now on (null: the personal account), for this user on this browser. */
export function setActingOrganization(uuid: string | null): void {
  const user = readStoredUser();
  if (!user || uuid === readActingOrganization()) return;
  if (uuid) window.localStorage.setItem(storageKey(user.userId), uuid);
  else window.localStorage.removeItem(storageKey(user.userId));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The acting organisation's uuid (null: personal); re-renders when the user switches. */
export function useActingOrganizationUuid(): string | null {
  return useSyncExternalStore(subscribe, readActingOrganization);
}
