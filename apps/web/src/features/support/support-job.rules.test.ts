import type { App } from '@meridian/domain/apps/app-api';
import type { Cluster, SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { describe, expect, it } from 'vitest';
import { appJob, clusterJob, jobStatusLabel, smartClusterJob } from './support-job.rules';

const smartCluster = (fields: Partial<SmartCluster>) =>
  ({
    uuid: 'sc-1',
    name: 'prod',
    status: 'success',
    status_reason: null,
    ...fields,
  }) as SmartCluster;

const app = {
  uuid: 'app-1',
  name: 'shop',
  versions: [
    { uuid: 'v-1', name: 'v1', status: 'success' },
    { uuid: 'v-2', name: 'v2', status: 'failure' },
  ],
  deployments: [
    {
      uuid: 'd-1',
      version_uuid: 'v-2',
      status: 'failure',
      status_reason: 'image not found',
      cluster_name: 'prod-ca-toronto',
      version: { uuid: 'v-2', name: 'v2' },
    },
  ],
} as unknown as App;

describe('support job lookup', () => {
  it('finds a smart cluster and gives the reason only when it failed', () => {
    expect(smartClusterJob(smartCluster({}))).toEqual({
      entity: 'smartCluster',
      name: 'prod',
      status: 'success',
      reason: undefined,
    });
    const failed = smartClusterJob(
      smartCluster({ status: 'failure', status_reason: 'quota exceeded' }),
    );
    expect(failed.reason).toBe('quota exceeded');
    // A stale reason on a cluster that is being worked on again is not shown.
    expect(
      smartClusterJob(smartCluster({ status: 'updating', status_reason: 'old' })).reason,
    ).toBeUndefined();
  });

  it('finds a member cluster with its location', () => {
    const cluster = {
      uuid: 'c-1',
      name: 'prod-ca',
      location: 'Toronto',
      status: 'failure',
      status_reason: null,
    } as unknown as Cluster;
    expect(clusterJob([cluster], 'c-1')).toEqual({
      entity: 'cluster',
      name: 'prod-ca',
      context: 'Toronto',
      status: 'failure',
      reason: undefined,
    });
  });

  it('reads an app job as a deployment, a version or the app', () => {
    expect(appJob([app], 'd-1')).toEqual({
      entity: 'deployment',
      name: 'shop · v2',
      context: 'prod-ca-toronto',
      status: 'failure',
      reason: 'image not found',
    });
    expect(appJob([app], 'v-1')).toMatchObject({ entity: 'version', status: 'success' });
    expect(appJob([app], 'v-2')).toMatchObject({ reason: 'image not found' });
    expect(appJob([app], 'app-1')).toMatchObject({
      entity: 'app',
      name: 'shop',
      status: 'failure',
    });
    expect(appJob([app], 'nothing')).toBeUndefined();
  });

  it('words success for what the job is', () => {
    expect(jobStatusLabel({ entity: 'cluster', name: '', status: 'success' })).toBe('Ready');
    expect(jobStatusLabel({ entity: 'deployment', name: '', status: 'success' })).toBe('Deployed');
    expect(jobStatusLabel({ entity: 'smartCluster', name: '', status: 'success' })).toBe('Created');
    expect(jobStatusLabel({ entity: 'cluster', name: '', status: 'creating' })).toBe('Creating...');
  });
});
