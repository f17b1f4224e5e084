import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../shared/testing/test-providers';
import { getApps } from './get-apps';

describe('getApps', () => {
  it('reads the app list from the kube service', async () => {
    const apps = [{ uuid: 'a1', name: 'shop', deployments: [] }];
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(apps));
    vi.stubGlobal('fetch', fetchMock);
    await expect(getApps()).resolves.toEqual(apps);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/meridian/v1/kube/apps');
  });

  it('ignores what is not an app list', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ nope: true })));
    await expect(getApps()).resolves.toEqual([]);
  });
});
