import type { Deployment } from '@meridian/domain/apps/app-api';
import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { describe, expect, it } from 'vitest';
import {
  deployOptions,
  deploymentCardVisibility,
  deploymentChange,
  desiredReplicas,
  editedValue,
  offeredVersionActions,
  versionSmartClusters,
} from './app-detail.rules';

function deployment(overrides: Partial<Deployment>): Deployment {
  return {
    uuid: 'd',
    app_uuid: 'a',
    version_uuid: 'v1',
    smart_cluster_uuid: 's1',
    smart_cluster_name: 'edge',
    cluster_uuid: 'c',
    cluster_name: 'edge-ca',
    datacenter_uuid: 'ca',
    datacenter_name: 'Montréal',
    status: 'success',
    status_reason: null,
    endpoint: null,
    domain_names: [],
    certificate_uuid: null,
    ports: [],
    template: [{ kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 2 } }],
    image_name: null,
    ready_replicas: 2,
    flavor_name: null,
    volume_type: null,
    app: { uuid: 'a', name: 'shop' },
    version: { uuid: 'v1', name: 'v1' },
    createdAt: '',
    updatedAt: '',
    ...overrides,
  };
}

describe('offeredVersionActions', () => {
  it('offers deploy but no domain or certificate action without a selected deployment', () => {
    expect(offeredVersionActions(undefined)).toEqual([
      'create_version',
      'details',
      'deploy',
      'delete',
    ]);
  });

  it('offers update_domain and https_enable for a selected deployment without a certificate', () => {
    const actions = offeredVersionActions({ certificate_uuid: null });
    expect(actions).toContain('update_domain');
    expect(actions).toContain('https_enable');
    expect(actions).not.toContain('deploy');
    expect(actions).not.toContain('download_certificate');
  });

  it('offers the certificate download, not update_domain, once the deployment has one', () => {
    const actions = offeredVersionActions({ certificate_uuid: 'cert' });
    expect(actions).toContain('download_certificate');
    expect(actions).not.toContain('update_domain');
    expect(actions).not.toContain('https_enable');
    expect(actions).not.toContain('deploy');
  });
});

describe('deploymentCardVisibility', () => {
  it('shows domain names, the load balancer (with an endpoint) and ports on success', () => {
    expect(deploymentCardVisibility({ status: 'success', endpoint: '203.0.113.7' })).toEqual({
      domainNames: true,
      loadBalancer: true,
      ports: true,
    });
  });

  it('hides the load balancer on success without an endpoint', () => {
    expect(deploymentCardVisibility({ status: 'success', endpoint: null }).loadBalancer).toBe(
      false,
    );
  });

  it('hides domain names and the load balancer while in progress, keeping ports', () => {
    expect(deploymentCardVisibility({ status: 'pending', endpoint: '203.0.113.7' })).toEqual({
      domainNames: false,
      loadBalancer: false,
      ports: true,
    });
  });

  it('hides everything but the fixed cards on failure, whatever the case of the status', () => {
    expect(
      deploymentCardVisibility({ status: 'FAILURE' as Deployment['status'], endpoint: 'x' }),
    ).toEqual({ domainNames: false, loadBalancer: false, ports: false });
  });
});

describe('versionSmartClusters', () => {
  it('names each smart cluster once, at most 3, then says there are more', () => {
    const deployments = [
      deployment({ uuid: '1', smart_cluster_uuid: 's1', smart_cluster_name: 'one' }),
      deployment({ uuid: '2', smart_cluster_uuid: 's1', smart_cluster_name: 'one' }),
      deployment({ uuid: '3', smart_cluster_uuid: 's2', smart_cluster_name: 'two' }),
      deployment({ uuid: '4', smart_cluster_uuid: 's3', smart_cluster_name: 'three' }),
      deployment({ uuid: '5', smart_cluster_uuid: 's4', smart_cluster_name: 'four' }),
      deployment({ uuid: '6', version_uuid: 'other', smart_cluster_uuid: 's5' }),
    ];
    expect(versionSmartClusters({ uuid: 'v1' }, deployments)).toEqual({
      shown: ['one', 'two', 'three'],
      more: true,
    });
    expect(versionSmartClusters({ uuid: 'v1' }, deployments.slice(0, 4))).toEqual({
      shown: ['one', 'two', 'three'],
      more: false,
    });
  });
});

describe('editedValue', () => {
  it('returns the trimmed text when it changed', () => {
    expect(editedValue('shop', '  store ', { required: true })).toBe('store');
  });

  it('returns null when unchanged once trimmed', () => {
    expect(editedValue('shop', ' shop  ', { required: true })).toBeNull();
    expect(editedValue(null, '   ', { required: false })).toBeNull();
  });

  it('returns null for an emptied required value, but lets an optional one be cleared', () => {
    expect(editedValue('shop', '   ', { required: true })).toBeNull();
    expect(editedValue('A shop', '  ', { required: false })).toBe('');
  });
});

describe('deployOptions', () => {
  const cluster = (uuid: string, status: SmartCluster['status']) =>
    ({ uuid, name: uuid.toUpperCase(), status }) as SmartCluster;

  it('offers only ready smart clusters and disables those already running the version', () => {
    const options = deployOptions(
      [cluster('a', 'success'), cluster('b', 'creating'), cluster('c', 'success')],
      { smart_cluster_uuids: ['c'] },
    );
    expect(options).toEqual([
      { value: 'a', label: 'A', disabled: false },
      { value: 'c', label: 'C', disabled: true },
    ]);
  });

  it('says which version a deploy would replace, where the app runs another one', () => {
    const options = deployOptions(
      [cluster('a', 'success'), cluster('c', 'success')],
      { smart_cluster_uuids: ['c'] },
      new Map([['c', 'v1']]),
    );
    // c runs this version in some locations and v1 in others (a halted rollout): it can go on.
    expect(options).toEqual([
      { value: 'a', label: 'A', disabled: false },
      { value: 'c', label: 'C', disabled: false, replaces: 'v1' },
    ]);
  });
});

describe('deployment updates', () => {
  const current = deployment({ image_name: null });

  it('reads the desired replicas from the first Deployment manifest', () => {
    expect(desiredReplicas(current)).toBe(2);
    expect(desiredReplicas(deployment({ template: [] }))).toBeUndefined();
  });

  it('sends only what changed, and nothing when nothing did', () => {
    expect(deploymentChange(current, { image_name: ' nginx:1.27 ', replicas: 2 })).toEqual({
      image_name: 'nginx:1.27',
    });
    expect(deploymentChange(current, { image_name: '', replicas: 4 })).toEqual({ replicas: 4 });
    expect(deploymentChange(current, { image_name: '  ', replicas: 2 })).toBeNull();
  });
});
