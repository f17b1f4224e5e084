import { describe, expect, it } from 'vitest';
import { monitoringUrl, smartClusterCreateSchema, smartClusterUpdateSchema } from './smart-cluster';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

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
    const body = { name: ' edge ', datacenters: ['yul'], mode: 'MANUAL', cluster_size: 'mini' };
    expect(smartClusterCreateSchema.parse(body)).toMatchObject({
      name: 'edge',
      master_count: 1,
      minion_count: 1,
    });
    expect(
      messages(smartClusterCreateSchema.safeParse({ ...body, master_count: 0, minion_count: 1.5 })),
    ).toEqual([
      'The number of masters must be a whole number of at least 1',
      'The number of minions must be a whole number of at least 1',
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
      'Please provide a valid budget; the minimum is $',
    ]);
    expect(messages(smartClusterUpdateSchema.safeParse({ name: 'x', latency: -1 }))).toEqual([
      'Please provide a valid latency',
    ]);
  });

  it('builds the monitoring link in kiosk mode', () => {
    const url = new URL(monitoringUrl('https://monitoring.example/d/abc/nodes'));
    expect(url.pathname).toBe('/d/abc/nodes');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      orgId: '1',
      refresh: '10s',
      'var-node': 'All',
      kiosk: '',
    });
  });
});
