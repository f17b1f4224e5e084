import ClockCircleFilled from '@ant-design/icons-svg/es/asn/ClockCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import type { AppSummary } from '@meridian/domain/apps/app-api';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useMatch } from 'react-router';
import { MenuButton } from '../../../shared/components/menu-button';
import { SkeletonBlock } from '../../../shared/components/skeleton-block';
import { SvgIcon } from '../../../shared/components/svg-icon';
import { t } from '../../../shared/i18n/translate';
import { colorFromName, initialOf } from '../../../shared/lib/color-from-name';
import { createDrawerOpened } from '../../../shared/store/ui.slice';
import { useAppOverview, useAppSummaryPages } from '../../../shared/api/apps-list';
import { appSortKeys } from '../app.types';
import type { AppSortKey } from '../app.types';
import styles from './app-list.module.css';

type SummaryPages = ReturnType<typeof useAppSummaryPages>;

function AppTile({ app, current }: { app: AppSummary; current: boolean }) {
  const pending = app.pending;
  const avatar = (
    <span
      className={styles.avatar}
      style={{ backgroundColor: colorFromName(app.name) }}
      aria-hidden="true"
      data-testid="app-avatar"
    >
      {initialOf(app.name)}
    </span>
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
            <SvgIcon
              icon={ClockCircleFilled}
              className={styles.clock}
              label={t('apps.pending')}
              title={t('apps.pending')}
            />
          ) : null}
        </span>
        <span className={styles.name}>{app.name}</span>
      </Link>
    </li>
  );
}

/** Tiles per row of the sidebar grid, and the height of one row with its gap. */
const tilesPerRow = 3;
const rowHeight = 96;

/** Rows of `tilesPerRow` tiles out of the loaded pages. */
function rowsOf(apps: readonly AppSummary[]): AppSummary[][] {
  const rows: AppSummary[][] = [];
  for (let i = 0; i < apps.length; i += tilesPerRow) rows.push(apps.slice(i, i + tilesPerRow));
  return rows;
}

/** The tiles in a virtual list of rows: only the rows in view are in the page, more load on scroll. */
function AppGrid({ query, currentId }: { query: SummaryPages; currentId?: string }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const apps = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const rows = rowsOf(apps);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 4,
    // Before the first measure, as if the sidebar showed a few rows.
    initialRect: { width: 280, height: rowHeight * 6 },
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (lastIndex >= rows.length - 2 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [lastIndex, rows.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <div ref={scrollRef} className={styles.scroller} data-testid="app-list-scroller">
      <ul className={styles.virtual} style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => (
          <li
            key={item.index}
            className={styles.row}
            style={{ transform: `translateY(${item.start}px)` }}
          >
            <ul className={styles.grid}>
              {rows[item.index]?.map((app) => (
                <AppTile key={app.uuid} app={app} current={app.uuid === currentId} />
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}

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
      label={t('apps.list.sort')}
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
