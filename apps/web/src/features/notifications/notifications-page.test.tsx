import type { NotificationEvent } from '@meridian/domain/events/notification-event';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../shared/session/user-storage-key';
import { notificationEventFixture } from '../../shared/testing/api-fixtures';
import { jsonResponse, renderRoutes } from '../../shared/testing/test-providers';
import { unreadCountQueryKey } from './api/get-notification-count';
import { addLiveNotification } from './api/get-notifications';
import { NotificationsPage } from './notifications-page';

const event = (uuid: string, app: string, read = false) =>
  notificationEventFixture({ uuid, read, payload: { app_name: app } });

/** The server: a list, its counts, and the read calls it was sent. */
function mockApi(listed: NotificationEvent[]) {
  const calls: string[] = [];
  let unread = listed.filter((item) => !item.read).length;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (init?.method === 'POST') {
        calls.push(url.replace(/^.*\/event\/server\/notifications/, ''));
        unread = url.endsWith('/notifications/read') ? 0 : Math.max(0, unread - 1);
        return jsonResponse({ count: unread });
      }
      if (url.includes('/notifications/count')) return jsonResponse({ count: listed.length });
      if (url.includes('/event/server/notifications')) return jsonResponse(listed);
      return jsonResponse({ message: 'not found' }, 404);
    }),
  );
  return calls;
}

describe('NotificationsPage', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('reads every notification when opened, still says which were new, and reads later ones one by one', async () => {
    const calls = mockApi([
      event('b', 'App "blog" deployed.'),
      event('a', 'App "shop" created.', true),
    ]);
    let queryClient: QueryClient | undefined;
    function Page() {
      queryClient = useQueryClient();
      return <NotificationsPage />;
    }
    renderRoutes([{ path: '/', element: <Page /> }]);

    const rows = await screen.findAllByTestId('notification-row');
    await waitFor(() => expect(calls).toEqual(['/read']));
    await waitFor(() => expect(queryClient!.getQueryData(unreadCountQueryKey)).toBe(0));
    // Unread when opened: marked New for this visit, with nothing left to do.
    expect(within(rows[0]!).getByText('New')).toBeTruthy();
    expect(within(rows[1]!).queryByText('New')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark as read' })).toBeNull();

    // One arriving while the list is open stays unread until the user reads it.
    act(() => addLiveNotification(queryClient!, event('c', 'wiki')));
    const live = (await screen.findByText(/"wiki"/)).closest('[role="listitem"]');
    expect(live?.getAttribute('data-read')).toBe('false');
    await userEvent
      .setup()
      .click(within(live as HTMLElement).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(calls).toEqual(['/read', '/c/read']));
    await waitFor(() => expect(live?.getAttribute('data-read')).toBe('true'));
    expect(screen.queryByRole('button', { name: 'Mark as read' })).toBeNull();
  });
});
