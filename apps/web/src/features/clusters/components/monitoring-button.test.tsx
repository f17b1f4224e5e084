import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../../shared/session/user-storage-key';
import { clusterFixture } from '../../../shared/testing/api-fixtures';
import { jsonResponse, renderRoutes } from '../../../shared/testing/test-providers';
import { MonitoringButton } from './monitoring-button';

const member = clusterFixture({
  uuid: 'c-1',
  monitoring_path: '/monitoring/clusters/c-1/d/k8s-nodes/nodes',
});
const link = { url: '/monitoring/clusters/c-1/sign_in?ticket=abc', expires_at: 'x' };

/** The tab `window.open` gives: where it is sent, whether it is closed. */
function stubNewTab() {
  const tab = { opener: window as Window | null, location: { replace: vi.fn() }, close: vi.fn() };
  const open = vi.fn(() => tab as unknown as Window);
  vi.stubGlobal('open', open);
  return { tab, open };
}

function mockSignIn(answer: () => Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return () => fetchMock.mock.calls.map(([input, init]) => [init?.method, String(input)]);
}

function renderButton() {
  return renderRoutes([{ path: '/', element: <MonitoringButton member={member} /> }]);
}

describe('MonitoringButton', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('opens the page in a new tab through a sign-in link, no password asked', async () => {
    const sent = mockSignIn(() => jsonResponse(link));
    const { tab, open } = stubNewTab();
    const user = userEvent.setup();
    renderButton();
    const button = screen.getByRole('link', { name: /Monitoring/ });
    // Its address stays the page itself, for a middle click (Basic auth) or copying.
    expect(button.getAttribute('href')).toBe(
      `${window.location.origin}/monitoring/clusters/c-1/d/k8s-nodes/nodes?orgId=1&refresh=10s&var-node=All&kiosk=`,
    );
    await user.click(button);
    // The tab opens in the click, so no popup blocker stops it, and cannot reach the console.
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    await waitFor(() =>
      expect(tab.location.replace).toHaveBeenCalledWith(
        `${window.location.origin}/monitoring/clusters/c-1/sign_in?ticket=abc`,
      ),
    );
    expect(sent()).toEqual([['POST', '/monitoring/clusters/c-1/sign_in_link']]);
    expect(tab.close).not.toHaveBeenCalled();
  });

  it('closes the tab and says why when no link is given', async () => {
    const refusal =
      'An external cluster has no monitoring password: Meridian does not serve its monitoring page.';
    mockSignIn(() => jsonResponse({ message: refusal }, 409));
    const { tab } = stubNewTab();
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('link', { name: /Monitoring/ }));
    expect(await screen.findByText('Cannot open the monitoring page.')).toBeTruthy();
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.replace).not.toHaveBeenCalled();
  });
});
