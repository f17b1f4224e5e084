import type { NotificationEvent } from '@meridian/domain/events/notification-event';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryKey } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useSelector } from 'react-redux';
import { appsQueryKey } from '../shared/api/apps-list';
import { selectSession } from '../features/auth/session.slice';
import { clustersQueryKey } from '../shared/api/clusters-list';
import { smartClustersQueryKey } from '../shared/api/smart-clusters-list';
import { trafficQueryKey } from '../features/dashboard/api/get-traffic';
import { organizationsKey } from '../shared/api/organizations-list';
import {
  addLiveNotification,
  notificationsQueryKey,
} from '../features/notifications/api/get-notifications';
import { notify } from '../shared/notifications/notify';
import { connectRealtime } from '../shared/realtime/realtime-client';
import { eventEffects, eventText } from '../shared/realtime/event-effects';
import { localeRevision, subscribeLocale } from '../shared/i18n/locale';
import { loadServerMessages } from '../shared/i18n/server-messages';
import type { StaleResource } from '../shared/realtime/event-effects';

const staleKeys: Record<StaleResource, QueryKey> = {
  apps: appsQueryKey,
  domains: ['domains'],
  clusters: clustersQueryKey,
  smartClusters: smartClustersQueryKey,
  traffic: trafficQueryKey,
  organizations: organizationsKey,
};

/** A live notice's words, in the console's language even when it changes while the notice shows. */
function EventNoticeText({
  event,
  part,
}: {
  event: NotificationEvent;
  part: 'title' | 'description';
}) {
  useSyncExternalStore(subscribeLocale, localeRevision);
  return <>{eventText(event)[part]}</>;
}

/**
 * The live-event channel of the signed-in user (spec "States and transitions"): one socket while a token exists,
 * closed when it goes. Each event tells the user, refreshes what it changed and joins the list.
 */
export function RealtimeEvents() {
  const queryClient = useQueryClient();
  const { token, userId } = useSelector(selectSession).data;

  useEffect(() => {
    if (!token || !userId) return undefined;
    const onEvent = async (event: NotificationEvent) => {
      // A reason the server wrote is told in the reader's language: its catalogue first.
      if (event.payload?.status_reason) await loadServerMessages();
      const { notice, refetch } = eventEffects(event);
      if (notice) {
        notify[notice.kind](
          <EventNoticeText event={event} part="title" />,
          notice.description ? <EventNoticeText event={event} part="description" /> : undefined,
          { key: notice.key },
        );
      }
      for (const resource of refetch) {
        void queryClient.invalidateQueries({ queryKey: staleKeys[resource] });
      }
      // Traffic events only say "refresh": they are not notifications to list.
      if (event.is_notification) addLiveNotification(queryClient, event);
    };
    // Pushes sent before the socket joined (the page's first reads, a reconnect) are lost.
    const readAgain = () => {
      for (const key of [...Object.values(staleKeys), notificationsQueryKey]) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    };
    return connectRealtime(
      { token, userId },
      { onEvent: (event) => void onEvent(event), onSubscribed: readAgain },
    );
  }, [token, userId, queryClient]);

  return null;
}
