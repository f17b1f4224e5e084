import type { GitSource } from '@meridian/domain/apps/git-source';
import type { Preview } from '@meridian/domain/apps/preview';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '../../../../shared/session/user-storage-key';
import { appFixture, deploymentFixture } from '../../../../shared/testing/api-fixtures';
import { jsonResponse, renderRoutes } from '../../../../shared/testing/test-providers';
import { PreviewsCard } from './previews-card';

const app = appFixture({ uuid: 'app-1', name: 'shop' });

const source: GitSource = {
  uuid: 'g-1',
  app_uuid: 'app-1',
  provider: 'github',
  repository: 'acme/shop',
  branch: 'main',
  image: 'ghcr.io/acme/shop:{sha}',
  smart_cluster_uuids: ['sc-1'],
  previews: { smart_cluster_uuid: '2b0f4c1e-8a7d-4e39-9c56-1f0e2d3c4b5a' },
  bake_seconds: null,
  webhook_url: 'http://localhost/hooks/github/g-1',
  created_at: '2026-11-28T00:00:00Z',
};

const preview: Preview = {
  pr_number: 7,
  title: 'Checkout in one step',
  branch: 'one-step-checkout',
  sha: '4f1c2a9e8d7b6c5a4f3e2d1c0b9a8f7e6d5c4b3a',
  author: 'octocat',
  domain_name: 'pr-7.shop.example.ca',
  deployment: deploymentFixture({ status: 'success', datacenter_name: 'Montréal' }),
};

function renderCard(answers: { git: GitSource; previews: Preview[] }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://x').pathname;
      return jsonResponse(path.endsWith('/previews') ? answers.previews : answers.git);
    }),
  );
  return renderRoutes([{ path: '/', element: <PreviewsCard app={app} /> }]);
}

describe('PreviewsCard', () => {
  beforeEach(() => {
    window.localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({ userId: 'u', userEmail: 'e', token: 't' }),
    );
  });

  it('lists each request’s preview: number, title, branch, commit, author, place and name', async () => {
    renderCard({ git: source, previews: [preview] });
    const row = await screen.findByRole('listitem', { name: 'Preview of request 7' });
    expect(within(row).getByText('#7')).toBeTruthy();
    expect(within(row).getByText('Checkout in one step')).toBeTruthy();
    expect(within(row).getByText('from one-step-checkout')).toBeTruthy();
    expect(within(row).getByText('4f1c2a9')).toBeTruthy();
    expect(within(row).getByText('by octocat')).toBeTruthy();
    expect(within(row).getByText('Montréal')).toBeTruthy();
    expect(within(row).getByTestId('preview-name').textContent).toContain('pr-7.shop.example.ca');
  });

  it('says how to get one when the source deploys previews and none is open', async () => {
    renderCard({ git: source, previews: [] });
    expect(
      await screen.findByText('Open a pull request against main to get a preview.'),
    ).toBeTruthy();
  });
});
