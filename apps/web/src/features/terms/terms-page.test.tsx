import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { appFixture } from '../../shared/testing/api-fixtures';
import { jsonResponse, renderRoutes } from '../../shared/testing/test-providers';
import { TermsPage } from './terms-page';

describe('TermsPage', () => {
  it('gives the terms and a way to ask about them', async () => {
    renderRoutes([{ path: '/terms-of-services', element: <TermsPage /> }], {
      initialEntries: ['/terms-of-services'],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of service' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Billing' })).toBeTruthy();
    expect(screen.getByText(/billed by the hour in CAD/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      '/support',
    );
    expect(screen.queryByTestId('terms-app')).toBeNull();
  });

  it('names the app by its name on its own terms page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse(appFixture({ uuid: 'a-1', name: 'shop' }))),
    );
    renderRoutes([{ path: '/apps/:appId/terms-of-service', element: <TermsPage /> }], {
      initialEntries: ['/apps/a-1/terms-of-service'],
    });
    await waitFor(() =>
      expect(screen.getByTestId('terms-app').textContent).toContain(
        'These terms apply to the app shop.',
      ),
    );
    expect(screen.getByRole('link', { name: 'Back to the app' }).getAttribute('href')).toBe(
      '/apps/a-1',
    );
  });
});
