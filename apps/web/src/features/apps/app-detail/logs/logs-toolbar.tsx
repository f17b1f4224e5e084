import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { logTailLimits } from '@meridian/domain/apps/deployment-logs';
import { Button, Input, Select, Switch } from 'antd';
import { t } from '../../apps.texts';
import styles from './logs.module.css';

const tailSizes = [100, logTailLimits.default, 500, 1000, logTailLimits.max];

export interface LogsToolbarProps {
  locations: { value: string; label: string }[];
  location: string;
  onLocation: (location: string) => void;
  tail: number;
  onTail: (tail: number) => void;
  following: boolean;
  onFollow: (following: boolean) => void;
  search: string;
  onSearch: (search: string) => void;
  onRefresh: () => void;
  /** Absent while there is nothing to download. */
  onDownload: (() => void) | undefined;
}

/** The log card's title and controls: location (when several), lines, Follow, search, actions. */
export function LogsToolbar(props: LogsToolbarProps) {
  const { locations, location, tail, following, search, onDownload } = props;
  return (
    <div className={styles.toolbar}>
      <h3 className={styles.title}>{t('apps.logs.title')}</h3>
      {locations.length > 1 ? (
        <Select
          aria-label={t('apps.logs.location')}
          className={styles.location}
          value={location}
          options={locations}
          onChange={props.onLocation}
        />
      ) : null}
      <Select
        aria-label={t('apps.logs.tail')}
        className={styles.tail}
        value={tail}
        options={tailSizes.map((size) => ({
          value: size,
          label: t('apps.logs.tailOption', { count: size }),
        }))}
        onChange={props.onTail}
      />
      <label className={styles.follow}>
        <Switch checked={following} aria-label={t('apps.logs.follow')} onChange={props.onFollow} />
        {t('apps.logs.follow')}
      </label>
      <Input.Search
        className={styles.search}
        aria-label={t('apps.logs.search')}
        placeholder={t('apps.logs.search')}
        allowClear
        value={search}
        onChange={(event) => props.onSearch(event.target.value)}
      />
      <Button icon={<ReloadOutlined aria-hidden />} disabled={following} onClick={props.onRefresh}>
        {t('apps.logs.refresh')}
      </Button>
      <Button
        icon={<DownloadOutlined aria-hidden />}
        disabled={!onDownload}
        onClick={() => onDownload?.()}
      >
        {t('apps.logs.download')}
      </Button>
    </div>
  );
}
