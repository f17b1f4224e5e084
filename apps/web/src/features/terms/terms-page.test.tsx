import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../shared/testing/test-providers';
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

  it('names the app on its own terms page', async () => {
    renderRoutes([{ path: '/apps/:appId/terms-of-service', element: <TermsPage /> }], {
      initialEntries: ['/apps/a-1/terms-of-service'],
    });
    expect((await screen.findByTestId('terms-app')).textContent).toContain('a-1');
    expect(screen.getByRole('link', { name: 'Back to the app' }).getAttribute('href')).toBe(
      '/apps/a-1',
    );
  });
});
