import { describe, expect, it } from 'vitest';
import { formatNotificationDate, notificationTone } from './notification-format';

describe('notification format', () => {
  it('shows dates in US English long form', () => {
    expect(formatNotificationDate('2026-11-21T12:00:00Z')).toBe('Saturday, November 21, 2026');
    expect(formatNotificationDate('nonsense')).toBe('');
  });

  it('picks a tone per status', () => {
    expect(notificationTone(0)).toBe('error');
    expect(notificationTone(1)).toBe('success');
    expect(notificationTone(2)).toBe('pending');
    expect(notificationTone(3)).toBe('info');
  });
});
