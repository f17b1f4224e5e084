import type { Cluster, SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { describe, expect, it } from 'vitest';
import { clusterFixture, smartClusterFixture } from '../../shared/testing/api-fixtures';
import {
  budgetText,
  canDelete,
  canDownloadConfig,
  canUpdate,
  durationHint,
  filterSmartClusters,
  generateMonitoringPassword,
  initialClusterFilter,
  latencyText,
  pendingDatacenters,
  toggleAllTags,
} from './cluster-rules';

function smart(overrides: Partial<SmartCluster> = {}): SmartCluster {
  return smartClusterFixture({
    uuid: overrides.name ?? 'sc',
    name: 'sc',
    datacenters: ['mtl'],
    order: 0,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  });
}

function member(overrides: Partial<Cluster> = {}): Cluster {
  return clusterFixture({
    uuid: 'c',
    name: 'c',
    smart_cluster_uuid: 'sc',
    datacenter_uuid: 'mtl',
    createdAt: '',
    updatedAt: '',
    ...overrides,
  });
}

describe('cluster filter', () => {
  const list = [
    smart({ name: 'b', order: 2, mode: 'AUTOMATIC' }),
    smart({ name: 'a', order: 1, status: 'creating' }),
    smart({ name: 'c', order: 3, status: 'failure', datacenters: ['fra'] }),
    smart({ name: 'd', order: 0, status: 'pending' }),
  ];
  const names = (items: SmartCluster[]) => items.map((item) => item.name);

  it('starts with every mode and status selected, ordered by the order key', () => {
    expect(names(filterSmartClusters(list, initialClusterFilter))).toEqual(['a', 'b', 'c']);
  });

  it('shows a cluster only if both its mode and its status are selected', () => {
    const manualOnly = { ...initialClusterFilter, modes: ['MANUAL' as const] };
    expect(names(filterSmartClusters(list, manualOnly))).toEqual(['a', 'c']);
    const failures = { ...initialClusterFilter, statuses: ['failure' as const] };
    expect(names(filterSmartClusters(list, failures))).toEqual(['c']);
    const none = { ...manualOnly, statuses: ['success' as const] };
    expect(filterSmartClusters(list, none)).toEqual([]);
  });

  it('searches by name and by datacenter', () => {
    expect(names(filterSmartClusters(list, { ...initialClusterFilter, search: ' B ' }))).toEqual([
      'b',
    ]);
    expect(names(filterSmartClusters(list, initialClusterFilter, 'fra'))).toEqual(['c']);
  });

  it('toggles between select all and clear all', () => {
    const cleared = toggleAllTags(initialClusterFilter);
    expect(cleared.modes).toEqual([]);
    expect(cleared.statuses).toEqual([]);
    expect(toggleAllTags({ ...cleared, modes: ['MANUAL'] })).toMatchObject({
      modes: initialClusterFilter.modes,
      statuses: initialClusterFilter.statuses,
    });
  });
});

describe('card fields', () => {
  it('shows N/A for empty latency and budget, and prefixes the budget with $', () => {
    expect(latencyText(null)).toBe('N/A');
    expect(budgetText(null)).toBe('N/A');
    expect(latencyText(120)).toBe('120');
    expect(budgetText(250)).toBe('$250');
    expect(latencyText(0)).toBe('0');
  });

  it('tells how long work in progress usually takes', () => {
    expect(durationHint('creating')).toBe('create');
    expect(durationHint('updating')).toBe('update');
    expect(durationHint('success')).toBeNull();
  });
});

describe('allowed-when rules', () => {
  it('updates only from success without an external member', () => {
    expect(canUpdate(smart(), [member()])).toEqual({ allowed: true });
    expect(canUpdate(smart({ status: 'failure' }), [])).toEqual({
      allowed: false,
      warning: 'Cannot edit a failed Smart Cluster.',
    });
    expect(canUpdate(smart({ status: 'creating' }), []).allowed).toBe(false);
    expect(canUpdate(smart(), [member({ cluster_type: 'external' })]).allowed).toBe(false);
    expect(canUpdate(smart({ datacenters: ['external'] }), []).allowed).toBe(false);
  });

  it('deletes from success or failure, and a creation stuck past the hour', () => {
    expect(canDelete(smart()).allowed).toBe(true);
    expect(canDelete(smart({ status: 'failure' })).allowed).toBe(true);
    const now = Date.parse('2026-11-23T12:00:00Z');
    for (const status of ['pending', 'creating', 'updating', 'deleting'] as const) {
      const recent = smart({ status, updatedAt: '2026-11-23T11:30:00Z' });
      expect(canDelete(recent, now).allowed).toBe(false);
    }
    const stuck = smart({ status: 'creating', updatedAt: '2026-11-23T10:59:00Z' });
    expect(canDelete(stuck, now).allowed).toBe(true);
    expect(canDelete({ ...stuck, status: 'updating' }, now).allowed).toBe(false);
  });

  it('blocks the kubeconfig while in progress and on failure, with different warnings', () => {
    expect(canDownloadConfig({ status: 'success' })).toEqual({ allowed: true });
    expect(canDownloadConfig({ status: 'creating' })).toEqual({
      allowed: false,
      warning: 'Cluster creation is in progress; please download the config when it has finished.',
    });
    expect(canDownloadConfig({ status: 'failure' })).toEqual({
      allowed: false,
      warning: 'Cannot download config for a failed cluster.',
    });
  });
});

describe('map and password', () => {
  it('marks datacenters with work in progress', () => {
    const pending = pendingDatacenters(
      [smart({ status: 'updating', datacenters: ['a', 'b'] }), smart({ datacenters: ['c'] })],
      [member({ datacenter_uuid: 'd', status: 'deleting' }), member({ datacenter_uuid: 'c' })],
    );
    expect([...pending].sort()).toEqual(['a', 'b', 'd']);
  });

  it('marks a datacenter pending while a deployment there rolls out or is removed', () => {
    const pending = pendingDatacenters(
      [smart({ datacenters: ['a', 'b', 'c'] })],
      [],
      [
        { datacenter_uuid: 'a', status: 'creating' },
        { datacenter_uuid: 'b', status: 'success' },
        { datacenter_uuid: 'c', status: 'updating' },
        { datacenter_uuid: 'd', status: 'pending' },
      ],
    );
    expect([...pending].sort()).toEqual(['a', 'c', 'd']);
  });

  it('generates 12 random bytes in base64', () => {
    const password = generateMonitoringPassword();
    expect(password).toMatch(/^[A-Za-z0-9+/]{16}$/);
    expect(atob(password)).toHaveLength(12);
    expect(generateMonitoringPassword()).not.toBe(password);
  });
});
