import type { NotificationEvent } from '@meridian/domain/events/notification-event';
import { useEffect, useState } from 'react';
import { useMarkRead } from './api/mark-read';

/**
 * Opening the list reads every notification (issue 34): once the first page shows, all are marked
 * read. Answers which were unread then (the page still says they are new), and marking one read
 * for those arriving while it is open.
 */
export function useReadOnOpen(loaded: boolean, events: readonly NotificationEvent[]) {
  const markRead = useMarkRead();
  const [newAtOpen, setNewAtOpen] = useState<ReadonlySet<string> | undefined>();
  const { mutate } = markRead;

  useEffect(() => {
    if (!loaded || newAtOpen) return;
    setNewAtOpen(new Set(events.filter((event) => !event.read).map((event) => event.uuid)));
    mutate(undefined);
  }, [loaded, newAtOpen, events, mutate]);

  return {
    isNew: (event: NotificationEvent) => newAtOpen?.has(event.uuid) ?? false,
    markOne: (event: NotificationEvent) => mutate(event.uuid),
  };
}
