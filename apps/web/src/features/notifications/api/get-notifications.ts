import { notificationEventSchema } from '@meridian/domain/events/notification-api';
import type { NotificationEvent } from '@meridian/domain/events/notification-event';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

export const notificationsQueryKey = ['notifications'] as const;
/** Spec "Business constants and limits": the first page is items 0 to 19. */
export const notificationsPageSize = 20;

/** GET /event/server/notifications?from&to: events newest first, `to` inclusive. */
export function getNotifications(from: number, signal?: AbortSignal): Promise<NotificationEvent[]> {
  return apiClient.get(`${apiPaths.event}/server/notifications`, {
    query: { from, to: from + notificationsPageSize - 1 },
    signal,
    schema: z.array(notificationEventSchema),
  });
}

export function notificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: notificationsQueryKey,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, _pages, lastFrom) =>
      lastPage.length < notificationsPageSize ? undefined : lastFrom + notificationsPageSize,
  });
}

export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}

/** The loaded pages as one list, each event once (live ones may repeat a fetched one). */
export function flattenNotifications(
  data: InfiniteData<NotificationEvent[]> | undefined,
): NotificationEvent[] {
  const seen = new Set<string>();
  const list: NotificationEvent[] = [];
  for (const page of data?.pages ?? []) {
    for (const event of page) {
      if (seen.has(event.uuid)) continue;
      seen.add(event.uuid);
      list.push(event);
    }
  }
  return list;
}

/** A live event joins the top of the list (spec "States and transitions": events are added as they arrive). */
export function addLiveNotification(queryClient: QueryClient, event: NotificationEvent): void {
  queryClient.setQueryData<InfiniteData<NotificationEvent[], number>>(
    notificationsQueryKey,
    (data) => {
      if (!data) return data;
      const [first = [], ...rest] = data.pages;
      if (first.some((item) => item.uuid === event.uuid)) return data;
      return { ...data, pages: [[event, ...first], ...rest] };
    },
  );
  // Both counts (the bell's unread one too) are under this prefix.
  void queryClient.invalidateQueries({ queryKey: [...notificationsQueryKey, 'count'] });
}
