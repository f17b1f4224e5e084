import { describe, expect, it } from 'vitest';
import {
  categoryFromCode,
  notificationCategories,
  notificationStatuses,
  statusFromCode,
} from './notifications';

describe('notification codes', () => {
  it('numbers categories and statuses as spec "Entities and their fields" does', () => {
    expect(notificationCategories).toMatchObject({ APP: 0, SMART_CLUSTER: 4, STACK: 9 });
    expect(Object.values(notificationCategories)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(notificationStatuses).toEqual({ REJECTED: 0, FULFILLED: 1, PENDING: 2, TRAFFIC: 3 });
  });

  it('maps codes back to names', () => {
    expect(categoryFromCode(6)).toBe('SUBDOMAIN');
    expect(statusFromCode(2)).toBe('PENDING');
    expect(categoryFromCode(42)).toBeUndefined();
  });
});
