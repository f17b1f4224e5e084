import { screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../shared/session/user-storage-key';
import { jsonResponse, renderRoutes } from '../../shared/testing/test-providers';
import { NameserversPage, parseSmartClusterRef } from './nameservers-page';

describe('parseSmartClusterRef', () => {
  it('splits id and name at the first &', () => {
    expect(parseSmartClusterRef('sc-1&edge & core')).toEqual({
      smartClusterId: 'sc-1',
      smartClusterName: 'edge & core',
    });
    expect(parseSmartClusterRef('sc-1')).toEqual({
      smartClusterId: 'sc-1',
      smartClusterName: 'sc-1',
    });
    expect(parseSmartClusterRef(undefined)).toBeNull();
  });
});

describe('NameserversPage', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).endsWith('/domain/nameservers')
          ? jsonResponse({ nameservers: ['ns1.meridian.test', 'ns2.meridian.test'] })
          : jsonResponse({ message: 'not found' }, 404),
      ),
    );
  });

  function renderAt(path: string) {
    const element = createElement(NameserversPage);
    return renderRoutes(
      [
        { path: '/references/nameservers', element },
        { path: '/references/nameservers/:ref', element },
      ],
      { initialEntries: [path] },
    );
  }

  it('shows the two name servers from the API and the registrar steps', async () => {
    renderAt('/references/nameservers');
    const list = await screen.findByTestId('reference-nameservers');
    expect(within(list).getByText('ns1.meridian.test')).toBeTruthy();
    expect(within(list).getByText('ns2.meridian.test')).toBeTruthy();
    expect(screen.getByText('Setting them at your registrar')).toBeTruthy();
    expect(screen.queryByTestId('nameservers-cluster')).toBeNull();
  });

  it('names the smart cluster in its variant', async () => {
    renderAt(`/references/nameservers/${encodeURIComponent('sc-1&edge')}`);
    await screen.findByTestId('reference-nameservers');
    expect(screen.getByTestId('nameservers-cluster').textContent).toContain('edge');
    expect(screen.getByText(/For the smart cluster edge\./)).toBeTruthy();
  });
});
