import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../testing/test-providers';
import { getApps } from './apps-list';

const app = {
  uuid: 'a1',
  name: 'shop',
  description: 'The shop',
  createdAt: '2026-11-21T10:00:00Z',
  updatedAt: '2026-11-21T10:00:00Z',
  versions: [],
  deployments: [],
};

describe('getApps', () => {
  it('reads the app list from the kube service', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse([app]));
    vi.stubGlobal('fetch', fetchMock);
    await expect(getApps()).resolves.toEqual([app]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/meridian/v1/kube/apps');
  });

  it('fills in missing lists and skips what is not an app', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(jsonResponse([{ uuid: 'a2', name: 'blog' }, { name: 'no id' }])),
    );
    await expect(getApps()).resolves.toEqual([
      { uuid: 'a2', name: 'blog', description: null, versions: [], deployments: [] },
    ]);
  });

  it('ignores what is not an app list', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ nope: true })));
    await expect(getApps()).resolves.toEqual([]);
  });
});
