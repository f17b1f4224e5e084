import { afterEach, describe, expect, it, vi } from 'vitest';
import { deploymentFixture } from '../../../shared/testing/api-fixtures';
import { jsonResponse } from '../../../shared/testing/test-providers';
import {
  getSmartClusterDeployments,
  smartClusterDeploymentsQueryKey,
} from './get-smart-cluster-deployments';

describe('getSmartClusterDeployments', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the deployments of one smart cluster from the kube service', async () => {
    const deployments = [deploymentFixture({ smart_cluster_uuid: 'sc-1' })];
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(deployments));
    vi.stubGlobal('fetch', fetchMock);
    await expect(getSmartClusterDeployments('sc-1')).resolves.toEqual(deployments);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/meridian/v1/kube/apps/deployment/smart_cluster/sc-1',
    );
  });

  it('fails on what is not a deployment list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse([{ nope: true }])));
    await expect(getSmartClusterDeployments('sc-1')).rejects.toMatchObject({ status: 200 });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ nope: true })));
    await expect(getSmartClusterDeployments('sc-1')).rejects.toMatchObject({ status: 200 });
  });

  it('keys the query under apps so refreshing the apps refreshes it', () => {
    expect(smartClusterDeploymentsQueryKey('sc-1').slice(0, 1)).toEqual(['apps']);
  });
});
