import { placementPreviewResultSchema } from '@meridian/domain/clusters/placement-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  embeddedBackendOnly,
  logIn,
  type LoggedIn,
  type TestApp,
} from '../../../test-support/test-app';
import { createClusterTestApp } from '../cluster/cluster.test-support';

describe.each(embeddedBackendOnly())('POST /intelligence/placement (%s)', (backend) => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await createClusterTestApp(backend);
    admin = await logIn(t.app);
  });
  afterAll(() => t.close());

  const preview = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/intelligence/placement',
      headers: admin.headers,
      payload,
    });
  const base = { cluster_size: 'mini', master_count: 1, minion_count: 1, budget: 1_000_000 };

  it('picks the cheapest datacenters that keep 95 % of the demand within the target', async () => {
    const response = await preview({
      ...base,
      datacenters: ['ca-montreal', 'ca-toronto', 'gb-london', 'jp-tokyo'],
      latency: 30,
      demand: [
        { latitude: 45.5, longitude: -73.57, weight: 10, name: 'Montréal users' },
        { latitude: 51.51, longitude: -0.13, weight: 10, name: 'London users' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = placementPreviewResultSchema.parse(response.json());
    expect(body.feasible).toBe(true);
    expect(body.datacenters).toContain('gb-london');
    expect(body.datacenters).not.toContain('jp-tokyo');
    expect(body.datacenters).toHaveLength(2);
    expect(body.p95_latency_ms).toBeLessThanOrEqual(30);
    expect(body.regions.map((region) => region.name)).toEqual(['Montréal users', 'London users']);
    expect(body.monthly_cost).toBeGreaterThan(0);
  });

  it('weighs the candidates equally without a demand, and says why a target is out of reach', async () => {
    const response = await preview({
      ...base,
      datacenters: ['ca-montreal', 'jp-tokyo'],
      latency: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = placementPreviewResultSchema.parse(response.json());
    expect(body.feasible).toBe(false);
    expect(body.regions).toHaveLength(2);
    expect(body.datacenters.sort()).toEqual(['ca-montreal', 'jp-tokyo']);
    expect(body.reason).toMatch(
      /^No choice of these datacenters brings 95 % of the demand within 1 ms; the best these datacenters can do is \d+ ms\.$/,
    );
  });

  it('answers the spec messages for bad input', async () => {
    const lowBudget = await preview({
      ...base,
      budget: 1,
      datacenters: ['ca-montreal'],
      latency: 50,
    });
    expect(lowBudget.statusCode).toBe(400);
    expect(lowBudget.json().errors[0]).toMatch(
      /^Please provide a valid budget; the minimum is \$\d+\.\d\d$/,
    );
    const unknown = await preview({ ...base, datacenters: ['nowhere'], latency: 50 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual(['Please choose a datacenter']);
    const noLatency = await preview({ ...base, datacenters: ['ca-montreal'] });
    expect(noLatency.statusCode).toBe(400);
    expect(noLatency.json().errors).toEqual(['Please provide a valid latency']);
    const badDemand = await preview({
      ...base,
      datacenters: ['ca-montreal'],
      latency: 50,
      demand: [{ latitude: 95, longitude: 0, weight: 1 }],
    });
    expect(badDemand.statusCode).toBe(400);
    expect(badDemand.json().errors[0]).toMatch(/^Each demand point needs a latitude/);
    const unauthenticated = await t.app.inject({
      method: 'POST',
      url: '/intelligence/placement',
      payload: {},
    });
    expect(unauthenticated.statusCode).toBe(401);
  });
});
