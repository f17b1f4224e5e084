import type { AppSummary } from '@meridian/domain/apps/app-api';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import type { useAppSummaryPages } from '../../../shared/api/apps-list';
import { AppTile } from './app-tile';
import styles from './app-list.module.css';

/** The sidebar's query of summary pages, as `AppList` holds it. */
export type SummaryPages = ReturnType<typeof useAppSummaryPages>;

/** Tiles per row of the sidebar grid, and the height of one row with its gap. */
const tilesPerRow = 3;
const rowHeight = 96;

/** Rows of `tilesPerRow` tiles out of the loaded pages. */
function rowsOf(apps: readonly AppSummary[]): AppSummary[][] {
  const rows: AppSummary[][] = [];
  for (let i = 0; i < apps.length; i += tilesPerRow) rows.push(apps.slice(i, i + tilesPerRow));
  return rows;
}

/**
 * The tiles in a virtual list of rows, for more apps than one page holds: only the rows in view
 * are in the page, and more load on scroll. Loaded on demand, so /home does not carry TanStack Virtual.
 */
export function VirtualAppGrid({ query, currentId }: { query: SummaryPages; currentId?: string }) {
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
