import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import { lazy, Suspense, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useMatch } from 'react-router';
import { MenuButton } from '../../../shared/components/menu-button';
import { SkeletonBlock } from '../../../shared/components/skeleton-block';
import { SvgIcon } from '../../../shared/components/svg-icon';
import { t } from '../../../shared/i18n/translate';
import { createDrawerOpened } from '../../../shared/store/ui.slice';
import {
  appSummaryPageSize,
  useAppOverview,
  useAppSummaryPages,
} from '../../../shared/api/apps-list';
import { appSortKeys } from '../app.types';
import type { AppSortKey } from '../app.types';
import { AppTile } from './app-tile';
import styles from './app-list.module.css';
import type { SummaryPages } from './virtual-app-grid';

/** The order of the tiles, as a small menu at the heading's end. */
function SortChoice({ value, onChange }: { value: AppSortKey; onChange(key: AppSortKey): void }) {
  const entries = appSortKeys.map((key) => ({ key, label: t(`apps.list.sort.${key}`) }));
  const pick = (key: string) => onChange(appSortKeys.find((sortKey) => sortKey === key) ?? value);
  return (
    <MenuButton
      entries={entries}
      onSelect={pick}
      selectedKey={value}
      className={styles.sortMenu}
      triggerClassName={styles.sort}
      label={t('apps.list.sort', { order: t(`apps.list.sort.${value}`) })}
    >
      {t(`apps.list.sort.${value}`)} <SvgIcon icon={DownOutlined} className={styles.sortCaret} />
    </MenuButton>
  );
}

/** The search box: a magnifier, the query, and a button that clears it. */
function SearchBox({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <label className={styles.search}>
      <SvgIcon icon={SearchOutlined} className={styles.searchIcon} />
      <input
        type="search"
        className={styles.searchInput}
        placeholder={t('apps.search')}
        aria-label={t('apps.search')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {value ? (
        <button
          type="button"
          className={styles.searchClear}
          aria-label={t('common.clear')}
          onClick={() => onChange('')}
        >
          <SvgIcon icon={CloseCircleFilled} />
        </button>
      ) : null}
    </label>
  );
}

function TileSkeletons() {
  return (
    <ul className={styles.grid} aria-busy="true" aria-label={t('common.loading')}>
      {Array.from({ length: 6 }, (_, index) => (
        <li key={index} className={styles.skeleton}>
          <SkeletonBlock className={styles.skeletonAvatar} />
          <SkeletonBlock className={styles.skeletonName} />
        </li>
      ))}
    </ul>
  );
}

const VirtualAppGrid = lazy(() =>
  import('./virtual-app-grid').then((module) => ({ default: module.VirtualAppGrid })),
);

/**
 * The tiles. Apps that fit in one page of the summary are a plain grid; more become a virtual
 * list, loaded only then (see docs/frontend-performance.md).
 */
function AppGrid({ query, currentId }: { query: SummaryPages; currentId?: string }) {
  const firstPage = query.data?.pages[0];
  if (!firstPage || firstPage.total > appSummaryPageSize) {
    return (
      <Suspense fallback={<TileSkeletons />}>
        <VirtualAppGrid query={query} currentId={currentId} />
      </Suspense>
    );
  }
  return (
    <div className={styles.scroller} data-testid="app-list-scroller">
      <ul className={styles.grid}>
        {firstPage.items.map((app) => (
          <AppTile key={app.uuid} app={app} current={app.uuid === currentId} />
        ))}
      </ul>
    </div>
  );
}

/** The right sidebar's app grid: search by name, three per row, the current app highlighted. */
export function AppList() {
  const dispatch = useDispatch();
  const [search, setSearch] = useState('');
  const [sortKey, setSortKey] = useState<AppSortKey>('created');
  const query = useAppSummaryPages({ sort: sortKey, search });
  const { data, isPending, isError } = query;
  const match = useMatch('/apps/:appId/*');
  const currentId = match?.params.appId;

  const shown = data?.pages[0]?.total ?? 0;
  // Every app of the user (the header's count), not only those matching the search.
  const overview = useAppOverview();
  const total = overview.data?.total ?? (search ? 0 : shown);

  return (
    <section className={styles.section} aria-labelledby="app-list-heading">
      <div className={styles.heading}>
        <h2 id="app-list-heading" className={styles.title}>
          {t('apps.heading')}
        </h2>
        {total > 0 ? <span className={styles.count}>{total}</span> : null}
        {total > 1 ? <SortChoice value={sortKey} onChange={setSortKey} /> : null}
      </div>
      <SearchBox value={search} onChange={setSearch} />
      {isPending ? (
        <TileSkeletons />
      ) : isError ? (
        <p role="alert" className={styles.error}>
          {t('apps.detail.fetchFailed')}
        </p>
      ) : shown > 0 ? (
        <AppGrid query={query} currentId={currentId} />
      ) : search.trim() ? (
        <p className={styles.empty}>{t('apps.noMatch')}</p>
      ) : (
        <div className={styles.emptyState}>
          <p className={styles.emptyTitle}>{t('apps.empty')}</p>
          <p className={styles.emptyHint}>{t('apps.emptyHint')}</p>
          <button
            type="button"
            className={styles.emptyAction}
            onClick={() => dispatch(createDrawerOpened('app'))}
          >
            <SvgIcon icon={PlusOutlined} />
            {t('create.app.title')}
          </button>
        </div>
      )}
    </section>
  );
}
