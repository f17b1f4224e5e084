import { describe, expect, it } from 'vitest';
import { formatCad } from '../billing/usage-rules';
import { minimumMonthlyCost } from './cost-estimate';

describe('minimum monthly cost', () => {
  it('sums (masters + minions) × hourly price × 730.001 over the datacenters', () => {
    const cost = minimumMonthlyCost({
      datacenters: [{ flavor_prices: { mini: 0.05 } }, { flavor_prices: { mini: 0.1 } }],
      clusterSize: 'mini',
      masterCount: 1,
      minionCount: 2,
    });
    expect(cost).toBeCloseTo(3 * 0.05 * 730.001 + 3 * 0.1 * 730.001, 9);
    expect(formatCad(cost)).toBe('$328.50');
    expect(formatCad(1533)).toBe('$1,533.00');
  });

  it('is zero with no datacenter', () => {
    expect(
      minimumMonthlyCost({ datacenters: [], clusterSize: 'large', masterCount: 3, minionCount: 3 }),
    ).toBe(0);
  });
});
