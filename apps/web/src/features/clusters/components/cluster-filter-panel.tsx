import type { ClusterMode } from '@meridian/domain/limits';
import { displayStatus } from '@meridian/domain/status';
import { Button, Tag } from 'antd';
import { t } from '../clusters.texts';
import { allTagsSelected, filterModes, filterStatuses, toggleAllTags } from '../cluster-rules';
import type { ClusterFilter, FilterStatus } from '../cluster-rules';
import styles from './clusters.module.css';
import { currentLocale } from '../../../shared/i18n/locale';

function toggled<T>(list: readonly T[], value: T, checked: boolean): T[] {
  return checked
    ? [...list.filter((item) => item !== value), value]
    : list.filter((item) => item !== value);
}

/** Checkable mode and status tags with a select-all/clear-all toggle. */
export function ClusterFilterPanel({
  filter,
  onChange,
}: {
  filter: ClusterFilter;
  onChange: (next: ClusterFilter) => void;
}) {
  const all = allTagsSelected(filter);
  return (
    <section className={styles.filterPanel} aria-label={t('clusters.filter')}>
      <div className={styles.filterRow}>
        <span className={styles.filterLabel}>{t('clusters.filter.mode')}</span>
        {filterModes.map((mode: ClusterMode) => (
          <Tag.CheckableTag
            key={mode}
            checked={filter.modes.includes(mode)}
            onChange={(checked) =>
              onChange({ ...filter, modes: toggled(filter.modes, mode, checked) })
            }
          >
            {t(mode === 'AUTOMATIC' ? 'clusters.mode.AUTOMATIC' : 'clusters.mode.MANUAL')}
          </Tag.CheckableTag>
        ))}
      </div>
      <div className={styles.filterRow}>
        <span className={styles.filterLabel}>{t('clusters.filter.status')}</span>
        {filterStatuses.map((status: FilterStatus) => (
          <Tag.CheckableTag
            key={status}
            checked={filter.statuses.includes(status)}
            onChange={(checked) =>
              onChange({ ...filter, statuses: toggled(filter.statuses, status, checked) })
            }
          >
            {displayStatus(status, currentLocale()).label}
          </Tag.CheckableTag>
        ))}
      </div>
      <div>
        <Button size="small" type="link" onClick={() => onChange(toggleAllTags(filter))}>
          {all ? t('clusters.filter.clearAll') : t('clusters.filter.selectAll')}
        </Button>
      </div>
    </section>
  );
}
