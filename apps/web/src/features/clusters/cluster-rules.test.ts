import type { SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { describe, expect, it } from 'vitest';
import { smartClusterFixture } from '../../shared/testing/api-fixtures';
import {
  budgetText,
  canDelete,
  canDownloadConfig,
  canRotateCredentials,
  canUpdate,
  durationHint,
  generateMonitoringPassword,
  initialClusterFilter,
  latencyText,
  smartClusterFilterParams,
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

describe('cluster filter', () => {
  it('starts with every mode and status the panel offers, and no search', () => {
    expect(smartClusterFilterParams(initialClusterFilter)).toEqual({
      modes: ['AUTOMATIC', 'MANUAL'],
      statuses: ['creating', 'deleting', 'failure', 'success', 'updating'],
    });
  });

  it('asks for the selected modes and statuses only, the search and the datacenter', () => {
    const filter = {
      modes: ['MANUAL' as const],
      statuses: ['failure' as const, 'creating' as const],
      search: ' B ',
    };
    expect(smartClusterFilterParams(filter, 'fra')).toEqual({
      search: 'b',
      modes: ['MANUAL'],
      statuses: ['creating', 'failure'],
      datacenter: 'fra',
    });
    expect(smartClusterFilterParams({ ...filter, modes: [], statuses: [] })).toMatchObject({
      modes: [],
      statuses: [],
    });
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
    const listed = (status: SmartCluster['status'], external = false) => ({
      status,
      has_external_member: external,
    });
    expect(canUpdate(listed('success'))).toEqual({ allowed: true });
    expect(canUpdate(listed('failure'))).toEqual({
      allowed: false,
      warning: 'Cannot edit a failed Smart Cluster.',
    });
    expect(canUpdate(listed('creating')).allowed).toBe(false);
    expect(canUpdate(listed('success', true)).allowed).toBe(false);
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

  it('rotates credentials of a running smart cluster, not of one being created or deleted', () => {
    for (const status of ['success', 'failure', 'updating'] as const) {
      expect(canRotateCredentials(smart({ status }))).toEqual({ allowed: true });
    }
    for (const status of ['pending', 'creating', 'deleting'] as const) {
      expect(canRotateCredentials(smart({ status }))).toEqual({
        allowed: false,
        warning:
          'The credentials can be rotated once the smart cluster’s current operation finishes.',
      });
    }
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

describe('monitoring password', () => {
  it('generates 12 random bytes in base64', () => {
    const password = generateMonitoringPassword();
    expect(password).toMatch(/^[A-Za-z0-9+/]{16}$/);
    expect(atob(password)).toHaveLength(12);
    expect(generateMonitoringPassword()).not.toBe(password);
  });
});
