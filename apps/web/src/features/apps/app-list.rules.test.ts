import { describe, expect, it } from 'vitest';
import { filterAppsByName, hasPendingDeployment, sortApps } from './app-list.rules';

const app = (name: string, statuses: string[] = []) => ({
  uuid: name,
  name,
  deployments: statuses.map((status) => ({ smart_cluster_uuid: 's', version_uuid: 'v', status })),
});

describe('app list rules', () => {
  it('flags apps with a deployment in progress', () => {
    expect(hasPendingDeployment(app('a', ['success', 'PENDING']))).toBe(true);
    expect(hasPendingDeployment(app('a', ['creating']))).toBe(true);
    expect(hasPendingDeployment(app('a', ['updating']))).toBe(true);
    expect(hasPendingDeployment(app('a', ['deleting']))).toBe(true);
    expect(hasPendingDeployment(app('a', ['success', 'failure']))).toBe(false);
    expect(hasPendingDeployment(app('a', ['update_subdomains_failure']))).toBe(false);
    expect(hasPendingDeployment({ name: 'x' })).toBe(false);
  });

  it('filters by name, ignoring case and spaces', () => {
    const apps = [app('Shop'), app('blog'), app('shopping-cart')];
    expect(filterAppsByName(apps, ' SHOP ').map((a) => a.name)).toEqual(['Shop', 'shopping-cart']);
    expect(filterAppsByName(apps, '')).toHaveLength(3);
  });

  it('sorts newest first by creation or by last update', () => {
    const apps = [
      { name: 'old', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-11-20T00:00:00Z' },
      { name: 'new', createdAt: '2026-06-01T00:00:00Z', updatedAt: '2026-06-01T00:00:00Z' },
      { name: 'undated' },
      { name: 'mid', createdAt: '2026-03-01T00:00:00Z', updatedAt: '2026-03-01T00:00:00Z' },
    ];
    expect(sortApps(apps, 'created').map((a) => a.name)).toEqual(['new', 'mid', 'old', 'undated']);
    expect(sortApps(apps, 'updated').map((a) => a.name)).toEqual(['old', 'new', 'mid', 'undated']);
    // The caller's list is left as it was.
    expect(apps[0]!.name).toBe('old');
  });

  it('breaks ties by name', () => {
    const at = '2026-01-01T00:00:00Z';
    const apps = [
      { name: 'b', createdAt: at },
      { name: 'a', createdAt: at },
    ];
    expect(sortApps(apps, 'created').map((a) => a.name)).toEqual(['a', 'b']);
  });
});
