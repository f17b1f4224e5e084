import { statusFromCode } from '@meridian/domain/notifications';
import type { NotificationStatus } from '@meridian/domain/notifications';
import { formatLongDate, formatTime } from '../../shared/lib/format-date';

/** Spec "Business constants and limits": notification dates in US English long form. */
export const formatNotificationDate = formatLongDate;
export const formatNotificationTime = formatTime;

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
