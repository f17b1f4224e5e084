import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../../shared/session/user-storage-key';
import { smartClusterFixture } from '../../../shared/testing/api-fixtures';
import { jsonResponse, renderRoutes } from '../../../shared/testing/test-providers';
import { ClusterCredentials } from './cluster-credentials';

type Answer = () => Response;
const noContent: Answer = () => new Response(null, { status: 204 });

/** Answers the two credential calls; records what was sent. */
function mockCalls(answer: Answer = noContent) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return () =>
    fetchMock.mock.calls.map(([input, init]) => [init?.method, String(input), init?.body]);
}

function renderCredentials(smartCluster: SmartCluster = smartClusterFixture()) {
  return renderRoutes([{ path: '/', element: <ClusterCredentials smartCluster={smartCluster} /> }]);
}

describe('ClusterCredentials', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('rotates the credentials after a confirmation that old kubeconfigs stop working', async () => {
    const sent = mockCalls();
    const user = userEvent.setup();
    renderCredentials();
    await user.click(screen.getByRole('button', { name: /Rotate credentials/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the credentials of edge?' });
    expect(dialog.textContent).toContain(
      'Every kubeconfig downloaded for this smart cluster stops working at once',
    );
    expect(sent()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    expect(await screen.findByText('Credentials rotated.')).toBeTruthy();
    expect(sent()).toEqual([['POST', '/cluster/clusters/sc-1/credentials', undefined]]);
  });

  it('says why the server refused a rotation', async () => {
    const refusal =
      'The credentials can be rotated once the smart cluster’s current operation finishes.';
    mockCalls(() => jsonResponse({ message: refusal }, 409));
    const user = userEvent.setup();
    renderCredentials();
    await user.click(screen.getByRole('button', { name: /Rotate credentials/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the credentials of edge?' });
    await user.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    expect(await screen.findByText('Cannot rotate the credentials.')).toBeTruthy();
    expect(await screen.findByText(refusal)).toBeTruthy();
  });

  it('rotates the monitoring password after a confirmation, then shows the new one once with copy', async () => {
    const generated = 'Zm9vYmFyYmF6cXV4';
    const sent = mockCalls(() => jsonResponse({ username: 'admin', password: generated }));
    const user = userEvent.setup();
    renderCredentials();
    await user.click(screen.getByRole('button', { name: /Rotate monitoring password/ }));
    const confirm = await screen.findByRole('dialog', {
      name: 'Rotate the monitoring password of edge?',
    });
    expect(confirm.textContent).toContain('every monitoring page signed in with it is signed out');
    expect(sent()).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Rotate password' }));

    const shown = await screen.findByTestId('monitoring-password-created');
    expect((within(shown).getByTestId('monitoring-password-value') as HTMLInputElement).value).toBe(
      generated,
    );
    expect(within(shown).getByText('admin')).toBeTruthy();
    expect(within(shown).getByText(/It will not be shown again/)).toBeTruthy();
    expect(screen.getByText('New monitoring password of edge')).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Copy password' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(generated);
    expect(await screen.findByText('Monitoring password copied to the clipboard.')).toBeTruthy();
    expect(sent()).toEqual([['POST', '/cluster/clusters/sc-1/monitoring_password', undefined]]);
  });

  it('offers nothing for an external cluster, whose credentials are its owner’s', () => {
    renderCredentials(smartClusterFixture({ datacenters: ['external'] }));
    expect(screen.queryByTestId('cluster-credentials')).toBeNull();
  });
});
