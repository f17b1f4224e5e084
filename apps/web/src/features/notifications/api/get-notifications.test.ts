import type { NotificationEvent } from '@meridian/domain/events/notification-event';
import { QueryClient } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationEventFixture } from '../../../shared/testing/api-fixtures';
import { jsonResponse } from '../../../shared/testing/test-providers';
import { notificationCountQueryKey, unreadCountQueryKey } from './get-notification-count';
import {
  addLiveNotification,
  flattenNotifications,
  getNotifications,
  notificationsQueryKey,
  notificationsQueryOptions,
} from './get-notifications';

const event = (uuid: string) => notificationEventFixture({ uuid });

describe('notifications api', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for 20 items at a time, from 0 to 19 first', async () => {
    const fetchMock = vi.fn(async () => jsonResponse([]));
    vi.stubGlobal('fetch', fetchMock);
    await getNotifications(0);
    await getNotifications(20);
    const urls = fetchMock.mock.calls.map((call) => String((call as unknown[])[0]));
    expect(urls[0]).toContain('/event/server/notifications?from=0&to=19');
    expect(urls[1]).toContain('from=20&to=39');
  });

  it('loads another page only after a full one', () => {
    const { getNextPageParam } = notificationsQueryOptions();
    const full = Array.from({ length: 20 }, (_, index) => event(String(index)));
    expect(getNextPageParam(full, [full], 0, [0])).toBe(20);
    expect(getNextPageParam([event('x')], [[event('x')]], 20, [0, 20])).toBeUndefined();
  });

  it('puts live events first, once', () => {
    const client = new QueryClient();
    client.setQueryData<InfiniteData<NotificationEvent[], number>>(notificationsQueryKey, {
      pages: [[event('b'), event('a')]],
      pageParams: [0],
    });
    addLiveNotification(client, event('c'));
    addLiveNotification(client, event('c'));
    const data =
      client.getQueryData<InfiniteData<NotificationEvent[], number>>(notificationsQueryKey);
    expect(flattenNotifications(data).map((item) => item.uuid)).toEqual(['c', 'b', 'a']);
  });

  it('rings the bell: a live notification makes the unread count stale', () => {
    const client = new QueryClient();
    client.setQueryData(unreadCountQueryKey, 0);
    client.setQueryData(notificationCountQueryKey, 5);
    addLiveNotification(client, event('d'));
    expect(client.getQueryState(unreadCountQueryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(notificationCountQueryKey)?.isInvalidated).toBe(true);
  });
});
