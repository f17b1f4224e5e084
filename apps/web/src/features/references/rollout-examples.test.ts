import { describe, expect, it } from 'vitest';
import type { RolloutSmartCluster } from './api/get-rollout-smart-clusters';
import {
  appRolloutCommand,
  clustersRunning,
  defaultSmartClusterUuid,
  smartClusterRolloutCommand,
} from './rollout-examples';

const target = {
  origin: 'https://console.example',
  userId: 'user-1',
  appUuid: 'app-1',
  smartClusterUuid: 'sc-1',
};

const clusters: RolloutSmartCluster[] = [
  { uuid: 'sc-0', name: 'idle', status: 'success' },
  { uuid: 'sc-1', name: 'edge', status: 'success' },
  { uuid: 'sc-2', name: 'core', status: 'success' },
];

describe('rollout commands', () => {
  it('builds the apps call with cluster_uuids and image_name, the key read from the environment', () => {
    const command = appRolloutCommand(target);
    expect(command).toContain(
      'curl -X PUT "https://console.example/meridian/v1/kube/apps/app-1/deployment"',
    );
    expect(command).toContain('-H "Authorization: ApiKey $MERIDIAN_API_KEY"');
    expect(command).toContain('-H "x-user-id: user-1"');
    expect(command).toContain('-H "Content-Type: application/json"');
    expect(command).toContain(
      `-d '{"cluster_uuids":["sc-1"],"image_name":"registry.example.com/team/app:1.2.3"}'`,
    );
    // Every line but the last continues the shell command.
    const lines = command.split('\n');
    expect(lines.slice(0, -1).every((line) => line.endsWith(' \\'))).toBe(true);
  });

  it('builds the intelligence call with image_name only', () => {
    const command = smartClusterRolloutCommand({ ...target, imageName: 'nginx:1.27' });
    expect(command).toContain(
      'curl -X PUT "https://console.example/intelligence/clusters/sc-1/deployment/app-1"',
    );
    expect(command).toContain(`-d '{"image_name":"nginx:1.27"}'`);
    expect(command).toContain('ApiKey $MERIDIAN_API_KEY');
  });
});

describe('smart cluster choice', () => {
  const app = {
    uuid: 'app-1',
    name: 'shop',
    deployments: [{ smart_cluster_uuid: 'sc-2' }, { smart_cluster_uuid: 'sc-1' }],
  };

  it('lists where the app runs in the smart cluster order and picks the first', () => {
    expect(clustersRunning(app, clusters).map((cluster) => cluster.uuid)).toEqual(['sc-1', 'sc-2']);
    expect(defaultSmartClusterUuid(app, clusters)).toBe('sc-1');
  });

  it('falls back to the first smart cluster, or none', () => {
    expect(defaultSmartClusterUuid({ ...app, deployments: [] }, clusters)).toBe('sc-0');
    expect(defaultSmartClusterUuid(undefined, clusters)).toBe('sc-0');
    expect(defaultSmartClusterUuid(app, [])).toBeUndefined();
  });
});
