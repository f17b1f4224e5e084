import { describe, expect, it } from 'vitest';
import { filterAppsByName, hasPendingDeployment } from './app-list.rules';

const app = (name: string, statuses: string[] = []) => ({
  uuid: name,
  name,
  deployments: statuses.map((status) => ({ smart_cluster_uuid: 's', version_uuid: 'v', status })),
});

describe('app list rules', () => {
  it('flags apps with a deployment in progress', () => {
    expect(hasPendingDeployment(app('a', ['success', 'PENDING']))).toBe(true);
    expect(hasPendingDeployment(app('a', ['creating']))).toBe(true);
    expect(hasPendingDeployment(app('a', ['success', 'failure']))).toBe(false);
    expect(hasPendingDeployment({ uuid: 'x', name: 'x' })).toBe(false);
  });

  it('filters by name, ignoring case and spaces', () => {
    const apps = [app('Shop'), app('blog'), app('shopping-cart')];
    expect(filterAppsByName(apps, ' SHOP ').map((a) => a.name)).toEqual(['Shop', 'shopping-cart']);
    expect(filterAppsByName(apps, '')).toHaveLength(3);
  });
});
