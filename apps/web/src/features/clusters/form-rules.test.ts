import { formatCad } from '@meridian/domain/billing/usage-rules';
import type { Datacenter } from '@meridian/domain/clusters/datacenter';
import { smartClusterCreateSchema } from '@meridian/domain/clusters/smart-cluster';
import { describe, expect, it } from 'vitest';
import { budgetError, formMinimumCost, isExternalChoice } from './form-rules';
import { zodRule } from '../../shared/lib/zod-rule';

const datacenters: Datacenter[] = [
  {
    uuid: 'mtl',
    location: 'Montréal',
    country: 'Canada',
    coordinates: { latitude: 45.5, longitude: -73.6 },
    flavor_prices: { mini: 0.05, small: 0.1 },
  },
  {
    uuid: 'fra',
    location: 'Frankfurt',
    country: 'Germany',
    coordinates: { latitude: 50.1, longitude: 8.7 },
    flavor_prices: { mini: 0.07 },
  },
];

async function check(rule: ReturnType<typeof zodRule>, value: unknown): Promise<string | null> {
  const validator = (rule as { validator: (r: unknown, v: unknown) => Promise<void> }).validator;
  try {
    await validator({}, value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('cluster form rules', () => {
  it('computes the minimum total cost from the chosen datacenters, size and counts', () => {
    const cost = formMinimumCost(
      { datacenters: ['mtl', 'fra'], cluster_size: 'mini', master_count: 1, minion_count: 2 },
      datacenters,
    );
    expect(cost).toBeCloseTo(3 * (0.05 + 0.07) * 730.001, 6);
    expect(formatCad(cost)).toBe('$262.80');
    expect(formMinimumCost({ datacenters: [] }, datacenters)).toBe(0);
  });

  it('asks for a budget of at least the minimum, with the minimum in 2 decimals', () => {
    expect(budgetError(100, 73.0001)).toBeNull();
    expect(budgetError(50, 73.0001)).toBe('Please provide a valid budget; the minimum is $73.00');
    expect(budgetError(undefined, 10)).toBe('Please provide a valid budget; the minimum is $10.00');
  });

  it('shows the domain messages through the zod field adapter', async () => {
    const shape = smartClusterCreateSchema.shape;
    expect(await check(zodRule(shape.name), '  ')).toBe('Please provide a name');
    expect(await check(zodRule(shape.name), 'prod')).toBeNull();
    expect(await check(zodRule(shape.datacenters), [])).toBe(
      'Please select at least one datacenter',
    );
    expect(await check(zodRule(shape.master_count.unwrap()), 0)).toBe(
      'The number of masters must be a whole number from 1 to 7',
    );
    expect(await check(zodRule(shape.minion_count.unwrap()), 1.5)).toBe(
      'The number of minions must be a whole number from 1 to 100',
    );
    expect(await check(zodRule(shape.latency.unwrap()), -1)).toBe('Please provide a valid latency');
    expect(await check(zodRule(shape.cluster_size), undefined)).toBe(
      'Please select the desired flavor',
    );
  });

  it('recognises the external choice', () => {
    expect(isExternalChoice(['external'])).toBe(true);
    expect(isExternalChoice(['mtl'])).toBe(false);
    expect(isExternalChoice(undefined)).toBe(false);
  });
});
