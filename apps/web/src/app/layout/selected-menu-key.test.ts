import { describe, expect, it } from 'vitest';
import { selectedMenuKey } from './selected-menu-key';

describe('selectedMenuKey', () => {
  it('selects home at the root and on /home', () => {
    expect(selectedMenuKey('/')).toBe('home');
    expect(selectedMenuKey('')).toBe('home');
    expect(selectedMenuKey('/home')).toBe('home');
  });

  it('selects the item whose key is in the path', () => {
    expect(selectedMenuKey('/clusters')).toBe('clusters');
    expect(selectedMenuKey('/domain')).toBe('domain');
    expect(selectedMenuKey('/domains')).toBe('domain');
    expect(selectedMenuKey('/datacenters/dc-1')).toBe('clusters');
  });

  it('selects nothing elsewhere', () => {
    expect(selectedMenuKey('/billing')).toBeUndefined();
    expect(selectedMenuKey('/support/cluster/job-1')).toBeUndefined();
    expect(selectedMenuKey('/apps/a-1')).toBeUndefined();
  });
});
