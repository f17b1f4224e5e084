import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../shared/session/user-storage-key';
import { jsonResponse, renderRoutes } from '../../shared/testing/test-providers';
import { NotificationBell } from './notification-bell';

function mockUnread(count: number) {
  const fetchMock = vi.fn(async () => jsonResponse({ count }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('NotificationBell', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('shows how many notifications are unread and opens the list', async () => {
    const fetchMock = mockUnread(3);
    renderRoutes([{ path: '/', element: <NotificationBell /> }]);
    await waitFor(() =>
      expect(screen.getByTestId('notification-bell-count').textContent).toBe('3'),
    );
    const bell = screen.getByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell.getAttribute('href')).toBe('/notifications');
    expect(String(fetchMock.mock.calls[0]?.[0 as never])).toContain(
      '/event/server/notifications/count?read=false',
    );
  });

  it('shows no number when all are read, and 99+ past 99', async () => {
    mockUnread(0);
    const { unmount } = renderRoutes([{ path: '/', element: <NotificationBell /> }]);
    await screen.findByRole('link', { name: 'Notifications, none unread' });
    expect(screen.queryByTestId('notification-bell-count')).toBeNull();
    unmount();

    mockUnread(120);
    renderRoutes([{ path: '/', element: <NotificationBell /> }]);
    await waitFor(() =>
      expect(screen.getByTestId('notification-bell-count').textContent).toBe('99+'),
    );
  });
});
