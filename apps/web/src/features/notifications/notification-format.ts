import { statusFromCode } from '@meridian/domain/notifications';
import type { NotificationStatus } from '@meridian/domain/notifications';

/** Spec §9: US English, long form (weekday, year, month, day). */
export function formatNotificationDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

export function formatNotificationTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

export type NotificationTone = 'success' | 'error' | 'pending' | 'info';

export function notificationTone(statusCode: number): NotificationTone {
  const status: NotificationStatus | undefined = statusFromCode(statusCode);
  switch (status) {
    case 'FULFILLED':
      return 'success';
    case 'REJECTED':
      return 'error';
    case 'PENDING':
      return 'pending';
    default:
      return 'info';
  }
}
