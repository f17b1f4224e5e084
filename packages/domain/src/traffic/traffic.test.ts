import { describe, expect, it } from 'vitest';
import {
  canHaveTraffic,
  formatStorage,
  resourceTotals,
  type OverviewCluster,
} from './resource-overview';
import {
  formatRequestsPerMinute,
  mapBar,
  requestsPerMinute,
  requestsPerDay,
  trafficHour,
  trafficSchema,
} from './traffic';

describe('traffic rules (spec "Business constants and limits")', () => {
  it('spreads the daily total over 24 × 60 minutes', () => {
    expect(requestsPerMinute(0)).toBe(0);
    expect(requestsPerMinute(1440)).toBe(1);
    expect(requestsPerMinute(86_400)).toBe(60);
    expect(formatRequestsPerMinute(requestsPerMinute(576))).toBe('0.4');
    expect(formatRequestsPerMinute(requestsPerMinute(3240))).toBe('2.25');
    expect(formatRequestsPerMinute(requestsPerMinute(2_000_000))).toBe('1,389');
    expect(formatRequestsPerMinute(requestsPerMinute(7))).toBe('<0.01');
    expect(formatRequestsPerMinute(0)).toBe('0');
  });

  it('draws the map bar green up to 60, amber above, capped at 100', () => {
    expect(mapBar(0)).toEqual({ length: 0, color: 'green' });
    expect(mapBar(60)).toEqual({ length: 60, color: 'green' });
    expect(mapBar(60.5)).toEqual({ length: 60.5, color: 'amber' });
    expect(mapBar(100)).toEqual({ length: 100, color: 'amber' });
    expect(mapBar(4321)).toEqual({ length: 100, color: 'amber' });
    expect(mapBar(Number.NaN)).toEqual({ length: 0, color: 'green' });
  });

  it('counts traffic by its UTC hour, and rates it per day over the seconds sampled', () => {
    expect(trafficHour(new Date('2026-11-21T23:59:59.999-05:00'))).toEqual(
      new Date('2026-11-22T04:00:00Z'),
    );
    expect(trafficHour(new Date('2026-11-22T05:00:00Z'))).toEqual(new Date('2026-11-22T05:00:00Z'));
    // 30 requests over 20 s: 1.5 a second, 90 a minute, 129,600 a day.
    expect(requestsPerDay(30, 20)).toBe(129_600);
    expect(requestsPerMinute(requestsPerDay(30, 20))).toBe(90);
    expect(requestsPerDay(5, 0)).toBe(0);
  });

  it('checks the traffic answer', () => {
    const traffic = {
      daily_totals: { total_requests: 10, daily_active_users: 2 },
      regions: [
        { datacenter_uuid: 'ca-montreal', name: 'Montréal', num_requests: 10, num_users: 2 },
      ],
    };
    expect(trafficSchema.parse(traffic)).toEqual(traffic);
    expect(trafficSchema.safeParse({ regions: [] }).success).toBe(false);
  });
});

describe('resource overview counters', () => {
  const member = (
    smart: string,
    size: OverviewCluster['cluster_size'],
    masters = 1,
    minions = 1,
  ) => ({
    smart_cluster_uuid: smart,
    cluster_size: size,
    master_count: masters,
    minion_count: minions,
    status: 'success' as const,
    master_addresses: ['10.0.0.1'],
  });

  it('sums masters and minions, sized by the flavor table, of live smart clusters only', () => {
    const totals = resourceTotals(
      [
        { uuid: 'a', status: 'success', deleted: false },
        { uuid: 'b', status: 'creating', deleted: false },
        { uuid: 'gone', status: 'success', deleted: true },
      ],
      [
        member('a', 'mini'), // 2 nodes × (2 vCPU, 4 GB, 20 GB)
        member('a', 'mini', 1, 2), // 3 nodes
        member('b', 'large', 3, 5), // 8 nodes × (16, 32, 50)
        member('b', null, 1, 1), // external: servers only
        // An external cluster whose check failed, and a member whose creation failed: nothing.
        { ...member('b', null, 1, 1), status: 'failure', master_addresses: [] },
        { ...member('b', 'large', 1, 1), status: 'failure', master_addresses: [] },
        // A failed update leaves the nodes running.
        { ...member('a', 'mini'), status: 'failure' },
        member('gone', 'large', 10, 10),
        member('unknown', 'small'),
      ],
    );
    expect(totals).toEqual({
      servers: 2 + 3 + 8 + 2 + 2,
      cpus: 7 * 2 + 8 * 16,
      ramGb: 7 * 4 + 8 * 32,
      storageGb: 7 * 20 + 8 * 50,
    });
    expect(resourceTotals([], [])).toEqual({ servers: 0, cpus: 0, ramGb: 0, storageGb: 0 });
  });

  it('shows storage in GB up to 1024 and in TB with one decimal above', () => {
    expect(formatStorage(0)).toBe('0 GB');
    expect(formatStorage(40)).toBe('40 GB');
    expect(formatStorage(1024)).toBe('1,024 GB');
    expect(formatStorage(1025)).toBe('1 TB');
    expect(formatStorage(1536)).toBe('1.5 TB');
    expect(formatStorage(2000)).toBe('2 TB');
    expect(formatStorage(10 * 1024 + 80)).toBe('10.1 TB');
  });

  it('allows traffic only while some smart cluster is success, creating, updating or deleting', () => {
    expect(canHaveTraffic([])).toBe(false);
    expect(canHaveTraffic([{ status: 'pending' }, { status: 'failure' }])).toBe(false);
    for (const status of ['success', 'creating', 'updating', 'deleting'] as const) {
      expect(canHaveTraffic([{ status: 'failure' }, { status }])).toBe(true);
    }
    expect(canHaveTraffic([{ status: 'SUCCESS' as 'success' }])).toBe(true);
  });
});
