import { notificationCountSchema } from '@meridian/domain/events/notification-api';
import type { NotificationEvent } from '@meridian/domain/events/notification-event';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { notificationsQueryKey } from './get-notifications';
import { unreadCountQueryKey } from './get-notification-count';

/** POST /event/server/notifications/read: every notification read; answers the unread count. */
export async function markAllRead(): Promise<number> {
  const { count } = await apiClient.post(`${apiPaths.event}/server/notifications/read`, undefined, {
    schema: notificationCountSchema,
  });
  return count;
}

/** POST /event/server/notifications/{uuid}/read: one read; answers the unread count. */
export async function markOneRead(uuid: string): Promise<number> {
  const path = `${apiPaths.event}/server/notifications/${encodeURIComponent(uuid)}/read`;
  const { count } = await apiClient.post(path, undefined, { schema: notificationCountSchema });
  return count;
}

/** The loaded list shows the given events (all of them when none are named) as read. */
function showRead(queryClient: QueryClient, uuids?: ReadonlySet<string>): void {
  queryClient.setQueryData<InfiniteData<NotificationEvent[], number>>(
    notificationsQueryKey,
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) =>
          page.map((event) => (!uuids || uuids.has(event.uuid) ? { ...event, read: true } : event)),
        ),
      },
  );
}

/** Marks all read (the list was opened), or one; the list and the bell follow the answer. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid?: string) => (uuid ? markOneRead(uuid) : markAllRead()),
    onSuccess: (unread, uuid) => {
      showRead(queryClient, uuid ? new Set([uuid]) : undefined);
      queryClient.setQueryData(unreadCountQueryKey, unread);
    },
  });
}
