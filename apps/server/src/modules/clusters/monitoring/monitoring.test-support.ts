import type { Cluster, SmartCluster } from '@meridian/domain/clusters/smart-cluster';
import { expect } from 'vitest';
import type { LoggedIn, TestApp } from '../../../../test-support/test-app';
import { waitForStatus } from '../cluster/cluster.test-support';

/** The Authorization header a browser sends once its Basic prompt is answered. */
export const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/** A running MANUAL smart cluster of two Mini minions with this monitoring password, and its member. */
export async function smartClusterWithPassword(
  t: TestApp,
  user: LoggedIn,
  name: string,
  datacenter: string,
  password: string,
): Promise<{ smart: SmartCluster; member: Cluster }> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/cluster/clusters',
    headers: user.headers,
    payload: {
      name,
      datacenters: [datacenter],
      mode: 'MANUAL',
      cluster_size: 'mini',
      master_count: 1,
      minion_count: 2,
      monitoring_default_password: password,
    },
  });
  expect(created.statusCode).toBe(200);
  const smart = await waitForStatus(t.app, user, created.json<SmartCluster>().uuid, ['success']);
  if (smart === 'deleted') throw new Error(`${name} disappeared`);
  const members = (
    await t.app.inject({ method: 'GET', url: '/cluster/clusters', headers: user.headers })
  ).json<Cluster[]>();
  return { smart, member: members.find((member) => member.smart_cluster_uuid === smart.uuid)! };
}

/** A member's monitoring page, as a browser asks for it. */
export function monitoringPage(
  t: TestApp,
  clusterId: string,
  headers: { authorization?: string; cookie?: string } = {},
) {
  return t.app.inject({
    method: 'GET',
    url: `/monitoring/clusters/${clusterId}/d/k8s-nodes/nodes`,
    headers,
  });
}
