import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../shared/testing/test-providers';
import {
  getSmartClusterDeployments,
  smartClusterDeploymentsQueryKey,
} from './get-smart-cluster-deployments';

describe('getSmartClusterDeployments', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the deployments of one smart cluster from the kube service', async () => {
    const deployments = [{ uuid: 'd1', app_uuid: 'a1', app: { name: 'shop' } }];
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(deployments));
    vi.stubGlobal('fetch', fetchMock);
    await expect(getSmartClusterDeployments('sc-1')).resolves.toEqual(deployments);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/meridian/v1/kube/apps/deployment/smart_cluster/sc-1',
    );
  });

  it('ignores what is not a deployment list', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse([{ nope: true }])));
    await expect(getSmartClusterDeployments('sc-1')).resolves.toEqual([]);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ nope: true })));
    await expect(getSmartClusterDeployments('sc-1')).resolves.toEqual([]);
  });

  it('keys the query under apps so refreshing the apps refreshes it', () => {
    expect(smartClusterDeploymentsQueryKey('sc-1').slice(0, 1)).toEqual(['apps']);
  });
});
