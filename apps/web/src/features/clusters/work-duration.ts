import type { ClusterDurations } from '@meridian/domain/clusters/cluster-api';
import { t } from './clusters.texts';

const units = [
  [3600, 'clusters.duration.hour', 'clusters.duration.hours'],
  [60, 'clusters.duration.minute', 'clusters.duration.minutes'],
  [1, 'clusters.duration.second', 'clusters.duration.seconds'],
] as const;

/** '24 seconds', '1 minute 12 seconds', 'an hour': to the second below an hour, the minute above. */
export function spokenDuration(totalSeconds: number): string {
  const seconds = Math.round(totalSeconds);
  if (seconds < 1) return t('clusters.duration.underSecond');
  if (seconds === 3600) return t('clusters.duration.anHour');
  let left = seconds >= 3600 ? Math.round(seconds / 60) * 60 : seconds;
  const parts: string[] = [];
  for (const [size, one, many] of units) {
    const count = Math.floor(left / size);
    left -= count * size;
    if (count > 0) parts.push(t(count === 1 ? one : many, { count }));
  }
  return parts.join(' ');
}

/** '20 minutes to an hour'; one duration when both ends read the same. */
export function spokenRange(range: ClusterDurations['create']): string {
  const min = spokenDuration(range.min_seconds);
  const max = spokenDuration(range.max_seconds);
  return min === max ? min : t('clusters.duration.range', { min, max });
}
