import { notificationCountSchema } from '@meridian/domain/events/notification-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { notificationsQueryKey } from './get-notifications';

export const notificationCountQueryKey = [...notificationsQueryKey, 'count'] as const;

/** GET /event/server/notifications/count: how many events the user has. */
export async function getNotificationCount(signal?: AbortSignal): Promise<number> {
  const { count } = await apiClient.get(`${apiPaths.event}/server/notifications/count`, {
    signal,
    schema: notificationCountSchema,
  });
  return count;
}

export function notificationCountQueryOptions() {
  return queryOptions({
    queryKey: notificationCountQueryKey,
    queryFn: ({ signal }) => getNotificationCount(signal),
  });
}

export function useNotificationCount() {
  return useQuery(notificationCountQueryOptions());
}
