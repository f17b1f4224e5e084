import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { appFixture, deploymentFixture, versionFixture } from '../testing/api-fixtures';
import { jsonResponse } from '../testing/test-providers';
import { appQueryKey, appsQueryKey, getApp, getApps, updateCachedApps } from './apps-list';

const app = appFixture({
  description: 'The shop',
  versions: [versionFixture()],
  deployments: [deploymentFixture()],
});

describe('getApps', () => {
  it('reads the app list from the kube service', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse([app]));
    vi.stubGlobal('fetch', fetchMock);
    await expect(getApps()).resolves.toEqual([app]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/meridian/v1/kube/apps');
  });

  it('fails, saying so, on an answer that is not an app list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const unreadable = 'The server answered something the console does not understand';
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse([{ uuid: 'a2', name: 'blog' }])));
    await expect(getApps()).rejects.toMatchObject({ message: unreadable });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ nope: true })));
    await expect(getApps()).rejects.toMatchObject({ message: unreadable });
  });
});

describe('one app', () => {
  it('reads one app from the kube service', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(app));
    vi.stubGlobal('fetch', fetchMock);
    await expect(getApp(app.uuid)).resolves.toEqual(app);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/meridian/v1/kube/apps/${app.uuid}`);
  });

  it('changes an app in the list and where it is read alone', () => {
    const queryClient = new QueryClient();
    const other = appFixture({ uuid: 'a2', name: 'blog' });
    queryClient.setQueryData(appsQueryKey, [app, other]);
    queryClient.setQueryData(appQueryKey(app.uuid), app);
    updateCachedApps(queryClient, (item) =>
      item.uuid === app.uuid ? { ...item, name: 'store' } : item,
    );
    expect(
      queryClient.getQueryData<(typeof app)[]>(appsQueryKey)?.map((item) => item.name),
    ).toEqual(['store', 'blog']);
    expect(queryClient.getQueryData<typeof app>(appQueryKey(app.uuid))?.name).toBe('store');
  });
});
