import { ClockCircleFilled, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Input, Select, Skeleton, Tooltip } from 'antd';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useMatch } from 'react-router';
import { t } from '../../../shared/i18n/translate';
import { colorFromName, initialOf } from '../../../shared/lib/color-from-name';
import { createDrawerOpened } from '../../../shared/store/ui.slice';
import { useApps } from '../../../shared/api/apps-list';
import { filterAppsByName, hasPendingDeployment, sortApps } from '../app-list.rules';
import { appSortKeys } from '../app.types';
import type { App, AppSortKey } from '../app.types';
import styles from './app-list.module.css';

function AppTile({ app, current }: { app: App; current: boolean }) {
  const pending = hasPendingDeployment(app);
  const avatar = (
    <Avatar
      shape="square"
      size={56}
      className={styles.avatar}
      style={{ backgroundColor: colorFromName(app.name) }}
    >
      {initialOf(app.name)}
    </Avatar>
  );
  return (
    <li>
      <Link
        to={`/apps/${app.uuid}`}
        className={[styles.tile, current ? styles.current : ''].join(' ')}
        aria-current={current ? 'page' : undefined}
        aria-label={app.name}
        title={app.name}
      >
        <span className={styles.avatarWrap}>
          {avatar}
          {pending ? (
            <Tooltip title={t('apps.pending')}>
              <ClockCircleFilled
                className={styles.clock}
                role="img"
                aria-label={t('apps.pending')}
              />
            </Tooltip>
          ) : null}
        </span>
        <span className={styles.name}>{app.name}</span>
      </Link>
    </li>
  );
}

/** The right sidebar's app grid: search by name, three per row, the current app highlighted. */
export function AppList() {
  const dispatch = useDispatch();
  const [search, setSearch] = useState('');
  const [sortKey, setSortKey] = useState<AppSortKey>('created');
  const { data, isPending, isError } = useApps();
  const match = useMatch('/apps/:appId/*');
  const currentId = match?.params.appId;

  const apps = data ?? [];
  const visible = sortApps(filterAppsByName(apps, search), sortKey);

  return (
    <section className={styles.section} aria-labelledby="app-list-heading">
      <div className={styles.heading}>
        <h2 id="app-list-heading" className={styles.title}>
          {t('apps.heading')}
        </h2>
        {apps.length > 0 ? <span className={styles.count}>{apps.length}</span> : null}
        {apps.length > 1 ? (
          <Select<AppSortKey>
            size="small"
            variant="borderless"
            className={styles.sort}
            popupMatchSelectWidth={false}
            aria-label={t('apps.list.sort')}
            value={sortKey}
            onChange={setSortKey}
            options={appSortKeys.map((key) => ({ value: key, label: t(`apps.list.sort.${key}`) }))}
          />
        ) : null}
      </div>
      <Input
        allowClear
        placeholder={t('apps.search')}
        aria-label={t('apps.search')}
        prefix={<SearchOutlined aria-hidden className={styles.searchIcon} />}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {isPending ? (
        <ul className={styles.grid} aria-busy="true" aria-label={t('common.loading')}>
          {Array.from({ length: 6 }, (_, index) => (
            <li key={index} className={styles.skeleton}>
              <Skeleton.Avatar active shape="square" size={56} />
              <Skeleton.Input active size="small" className={styles.skeletonName} />
            </li>
          ))}
        </ul>
      ) : isError ? (
        <Alert type="error" showIcon title={t('apps.detail.fetchFailed')} />
      ) : visible.length > 0 ? (
        <ul className={styles.grid}>
          {visible.map((app) => (
            <AppTile key={app.uuid} app={app} current={app.uuid === currentId} />
          ))}
        </ul>
      ) : apps.length > 0 ? (
        <p className={styles.empty}>{t('apps.noMatch')}</p>
      ) : (
        <div className={styles.emptyState}>
          <p className={styles.emptyTitle}>{t('apps.empty')}</p>
          <p className={styles.emptyHint}>{t('apps.emptyHint')}</p>
          <Button
            size="small"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => dispatch(createDrawerOpened('app'))}
          >
            {t('create.app.title')}
          </Button>
        </div>
      )}
    </section>
  );
}
