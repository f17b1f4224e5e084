import { describe, expect, it } from 'vitest';
import {
  appFixture,
  deploymentFixture,
  versionFixture,
} from '../../../shared/testing/api-fixtures';
import { addressesOf, liveSmartClusters, versionChangeTargets } from './live.rules';

const v1 = versionFixture({ uuid: 'v1', name: 'v1', createdAt: '2026-11-20T10:00:00Z' });
const v2 = versionFixture({ uuid: 'v2', name: 'v2', createdAt: '2026-11-21T10:00:00Z' });
const v3 = versionFixture({ uuid: 'v3', name: 'v3', createdAt: '2026-11-22T10:00:00Z' });

const on = (uuid: string, version: string, location: string, smartCluster = 'sc-1') =>
  deploymentFixture({
    uuid,
    version_uuid: version,
    smart_cluster_uuid: smartCluster,
    smart_cluster_name: smartCluster === 'sc-1' ? 'edge' : 'core',
    datacenter_name: location,
  });

/** edge runs v2 in two locations; core runs v1 in one; v3 was never deployed. */
const app = appFixture({
  versions: [v1, v2, v3],
  deployments: [
    on('d1', 'v2', 'Tokyo'),
    on('d2', 'v2', 'London', 'sc-1'),
    on('d3', 'v1', 'Montréal', 'sc-2'),
  ],
});

describe('what is live', () => {
  it('names each smart cluster’s version and locations, sorted', () => {
    expect(
      liveSmartClusters(app).map((live) => [
        live.smartClusterName,
        live.versions.map((entry) => [
          entry.version.name,
          entry.deployments.map((d) => d.datacenter_name),
        ]),
      ]),
    ).toEqual([
      ['core', [['v1', ['Montréal']]]],
      ['edge', [['v2', ['London', 'Tokyo']]]],
    ]);
  });

  it('reaches a deployment by its domain names (https with a certificate), else its load balancer', () => {
    const named = deploymentFixture({
      domain_names: ['shop.example.ca'],
      certificate_uuid: 'c1',
      endpoint: '198.51.100.7',
    });
    expect(addressesOf(named)).toEqual([
      { text: 'shop.example.ca', href: 'https://shop.example.ca', location: null },
    ]);
    const balanced = deploymentFixture({
      endpoint: '198.51.100.7',
      ports: [{ name: 'http', port: 8080 }],
    });
    expect(addressesOf(balanced)).toEqual([
      { text: '198.51.100.7:8080', href: 'http://198.51.100.7:8080', location: 'Montréal' },
    ]);
    expect(addressesOf(deploymentFixture({ endpoint: '198.51.100.7', status: 'pending' }))).toEqual(
      [],
    );
  });

  it('offers Deploy this version over older versions and Roll back only onto newer ones', () => {
    const names = (targets: ReturnType<typeof versionChangeTargets>) =>
      targets.map((target) => [target.smartClusterName, target.runningVersionName]);
    // v3 never ran: it is deployed over v1 and v2, never "rolled back to".
    expect(names(versionChangeTargets(app, v3, 'forward'))).toEqual([
      ['core', 'v1'],
      ['edge', 'v2'],
    ]);
    expect(versionChangeTargets(app, v3, 'back')).toEqual([]);
    expect(names(versionChangeTargets(app, v1, 'back'))).toEqual([['edge', 'v2']]);
    expect(names(versionChangeTargets(app, v2, 'forward'))).toEqual([['core', 'v1']]);
    expect(versionChangeTargets(app, v2, 'back')).toEqual([]);
    expect(versionChangeTargets(app, v3, 'forward')[1]).toMatchObject({
      deploymentId: 'd2',
      locations: 2,
    });
  });

  it('after a halted rollout offers both ways: the rest forward, the moved location back', () => {
    const halted = appFixture({
      versions: [v1, v2],
      deployments: [on('d1', 'v2', 'London'), on('d2', 'v1', 'Montréal'), on('d3', 'v1', 'Tokyo')],
    });
    expect(versionChangeTargets(halted, v2, 'forward')).toMatchObject([
      { runningVersionName: 'v1', locations: 2 },
    ]);
    expect(versionChangeTargets(halted, v1, 'back')).toMatchObject([
      { runningVersionName: 'v2', deploymentId: 'd1', locations: 1 },
    ]);
  });
});
