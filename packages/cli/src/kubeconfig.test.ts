import { describe, expect, it } from 'vitest';
import { locationOf } from './kubeconfig';

const catalogue = [
  { uuid: 'ca-montreal', location: 'Montréal' },
  { uuid: 'jp-tokyo', location: 'Tokyo' },
  { uuid: 'gb-london', location: 'London' },
];
const shop = { name: 'shop', datacenters: ['ca-montreal', 'jp-tokyo'] };

describe('kubeconfig --location', () => {
  it('takes the datacenter uuid or the city, any case, as logs does', () => {
    expect(locationOf(shop, catalogue, 'jp-tokyo')).toBe('jp-tokyo');
    expect(locationOf(shop, catalogue, 'JP-TOKYO')).toBe('jp-tokyo');
    expect(locationOf(shop, catalogue, 'Tokyo')).toBe('jp-tokyo');
    expect(locationOf(shop, catalogue, 'MONTRÉAL')).toBe('ca-montreal');
  });

  it('needs none in one location, and names the cities when it is missing or elsewhere', () => {
    expect(locationOf({ name: 'solo', datacenters: ['gb-london'] }, catalogue, undefined)).toBe(
      'gb-london',
    );
    expect(() => locationOf(shop, catalogue, undefined)).toThrow(
      'shop runs in Montréal, Tokyo: say which with --location.',
    );
    expect(() => locationOf(shop, catalogue, 'London')).toThrow(
      'shop does not run in London; it runs in Montréal, Tokyo.',
    );
  });
});
