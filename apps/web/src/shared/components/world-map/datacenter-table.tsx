import { formatRequestsPerMinute } from '@meridian/domain/traffic/traffic';
import { currentLocale } from '../../i18n/locale';
import { t } from '../../i18n/translate';
import styles from '../visually-hidden.module.css';
import type { DatacenterMarker } from './datacenter-markers';

/**
 * The map in words, for screen readers (WCAG 1.1.1, issue 40): each datacenter it shows, whether
 * work is under way there and its traffic. The markers themselves are the links.
 */
export function DatacenterTable({ markers }: { markers: readonly DatacenterMarker[] }) {
  if (markers.length === 0) return null;
  return (
    <table className={styles.hidden} data-testid="datacenter-table">
      <caption>{t('map.table.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('map.table.location')}</th>
          <th scope="col">{t('map.table.state')}</th>
          <th scope="col">{t('map.table.traffic')}</th>
        </tr>
      </thead>
      <tbody>
        {markers.map((marker) => (
          <tr key={marker.uuid}>
            <th scope="row">{marker.label}</th>
            <td>{t(marker.pending ? 'map.table.pending' : 'map.table.idle')}</td>
            <td>
              {marker.requestsPerMinute === undefined
                ? t('map.table.noTraffic')
                : formatRequestsPerMinute(marker.requestsPerMinute, currentLocale())}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
