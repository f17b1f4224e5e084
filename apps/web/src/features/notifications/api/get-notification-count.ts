import { notificationCountSchema } from '@meridian/domain/events/notification-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { notificationsQueryKey } from './get-notifications';

/** Both counts live under this key: a live notification refreshes them together. */
export const notificationCountsKey = [...notificationsQueryKey, 'count'] as const;
export const notificationCountQueryKey = [...notificationCountsKey, 'all'] as const;
export const unreadCountQueryKey = [...notificationCountsKey, 'unread'] as const;

/** GET /event/server/notifications/count(?read=false): how many events the user has (unread). */
export async function getNotificationCount(
  filter: { unread?: boolean } = {},
  signal?: AbortSignal,
): Promise<number> {
  const { count } = await apiClient.get(`${apiPaths.event}/server/notifications/count`, {
    query: filter.unread ? { read: false } : undefined,
    signal,
    schema: notificationCountSchema,
  });
  return count;
}

export function notificationCountQueryOptions() {
  return queryOptions({
    queryKey: notificationCountQueryKey,
    queryFn: ({ signal }) => getNotificationCount({}, signal),
  });
}

export function useNotificationCount() {
  return useQuery(notificationCountQueryOptions());
}

/** The bell's number: notifications not read yet. */
export function useUnreadCount() {
  return useQuery({
    queryKey: unreadCountQueryKey,
    queryFn: ({ signal }) => getNotificationCount({ unread: true }, signal),
  });
}
