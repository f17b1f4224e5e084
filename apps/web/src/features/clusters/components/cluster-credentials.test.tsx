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

  it('changes the monitoring password, refusing one under 12 characters', async () => {
    const sent = mockCalls();
    const user = userEvent.setup();
    renderCredentials();
    await user.click(screen.getByRole('button', { name: /Change monitoring password/ }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Change the monitoring password of edge',
    });
    const field = within(dialog).getByLabelText('New monitoring password');
    await user.type(field, 'too-short');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(
      await within(dialog).findByText(
        'The monitoring password must be at least 12 characters long.',
      ),
    ).toBeTruthy();
    expect(sent()).toEqual([]);

    await user.type(field, '-but-longer');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Monitoring password changed.')).toBeTruthy();
    expect(sent()).toEqual([
      [
        'PUT',
        '/cluster/clusters/sc-1/monitoring_password',
        JSON.stringify({ password: 'too-short-but-longer' }),
      ],
    ]);
  });

  it('offers nothing for an external cluster, whose credentials are its owner’s', () => {
    renderCredentials(smartClusterFixture({ datacenters: ['external'] }));
    expect(screen.queryByTestId('cluster-credentials')).toBeNull();
  });
});
