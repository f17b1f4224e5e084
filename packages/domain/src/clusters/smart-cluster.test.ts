import { describe, expect, it } from 'vitest';
import {
  monitoringPathOf,
  monitoringUrl,
  smartClusterCreateSchema,
  smartClusterUpdateSchema,
} from './smart-cluster';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

const body = { name: ' edge ', datacenters: ['yul'], mode: 'MANUAL', cluster_size: 'mini' };

describe('smart cluster rules', () => {
  it('asks for every required field with the spec messages', () => {
    expect(messages(smartClusterCreateSchema.safeParse({}))).toEqual([
      'Please provide a name',
      'Please select at least one datacenter',
      'Please choose a mode',
      'Please select the desired flavor',
    ]);
  });

  it('defaults one master and one minion and refuses fewer', () => {
    expect(smartClusterCreateSchema.parse(body)).toMatchObject({
      name: 'edge',
      master_count: 1,
      minion_count: 1,
    });
    expect(
      messages(smartClusterCreateSchema.safeParse({ ...body, master_count: 0, minion_count: 1.5 })),
    ).toEqual([
      'The number of masters must be a whole number from 1 to 7',
      'The number of minions must be a whole number from 1 to 100',
    ]);
  });

  it('caps node counts, latency, budget and the datacenter list at the product limits', () => {
    const automatic = { ...body, mode: 'AUTOMATIC', latency: 50, budget: 100 };
    expect(
      messages(
        smartClusterCreateSchema.safeParse({
          ...automatic,
          master_count: 2_147_483_648,
          minion_count: 1_000_000,
          latency: 1e9,
          budget: 1e12,
        }),
      ),
    ).toEqual([
      'The number of masters must be a whole number from 1 to 7',
      'The number of minions must be a whole number from 1 to 100',
      'Latency must be a number of milliseconds from 0 to 10000',
      'Budget must be at most $10,000,000 per month',
    ]);
    const many = Array.from({ length: 200_000 }, () => 'ca-montreal');
    expect(messages(smartClusterCreateSchema.safeParse({ ...body, datacenters: many }))).toEqual([
      'Choose at most 50 datacenters',
    ]);
  });

  it('refuses NUL characters in text with the field message', () => {
    expect(messages(smartClusterCreateSchema.safeParse({ ...body, name: 'a\u0000b' }))).toEqual([
      'Please provide a name',
    ]);
  });

  it('needs latency and budget in automatic mode, and no external mix', () => {
    const body = {
      name: 'edge',
      datacenters: ['yul', 'external'],
      mode: 'AUTOMATIC',
      cluster_size: 'mini',
    };
    expect(messages(smartClusterCreateSchema.safeParse(body))).toEqual([
      'No mix of datacenters: an external cluster cannot be combined with other datacenters',
      'Please provide a valid latency',
    ]);
    expect(messages(smartClusterUpdateSchema.safeParse({ name: 'x', latency: -1 }))).toEqual([
      'Please provide a valid latency',
    ]);
  });

  it("takes the spec's size names in any case and answers them in lower case", () => {
    const body = { name: 'edge', datacenters: ['yul'], mode: 'MANUAL' };
    for (const size of ['Mini', 'SMALL', 'medium']) {
      const parsed = smartClusterCreateSchema.safeParse({ ...body, cluster_size: size });
      expect(parsed.success && parsed.data.cluster_size).toBe(size.toLowerCase());
    }
    expect(messages(smartClusterCreateSchema.safeParse({ ...body, cluster_size: 'Huge' }))).toEqual(
      ['Please select the desired flavor'],
    );
  });

  it('builds the monitoring link in kiosk mode', () => {
    const url = new URL(
      monitoringUrl('https://monitoring.example/d/abc/nodes', 'https://console.example'),
    );
    expect(url.origin).toBe('https://monitoring.example');
    expect(url.pathname).toBe('/d/abc/nodes');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      orgId: '1',
      refresh: '10s',
      'var-node': 'All',
      kiosk: '',
    });
  });

  it('resolves a monitoring path Meridian serves against the console’s origin', () => {
    const path = monitoringPathOf('5f0c1c9e-0d7e-4a53-9d2b-1b2f0c7c1a11');
    expect(path).toBe(
      '/monitoring/clusters/5f0c1c9e-0d7e-4a53-9d2b-1b2f0c7c1a11/d/k8s-nodes/nodes',
    );
    const url = new URL(monitoringUrl(path, 'http://localhost:8080'));
    expect(`${url.origin}${url.pathname}`).toBe(`http://localhost:8080${path}`);
    expect(url.searchParams.get('refresh')).toBe('10s');
    expect(url.searchParams.has('kiosk')).toBe(true);
  });
});
