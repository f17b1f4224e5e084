import { measureElement, useVirtualizer } from '@tanstack/react-virtual';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import styles from './virtual-card-grid.module.css';

/** The narrowest card and the gap between cards (as the pages' card grids). */
const cardMinWidth = 320;
const cardGap = 16;
/** A row of cards with its gap, before it is measured. */
const estimatedRowHeight = 200;

/** Cards per row: as many of the narrowest card as the box is wide, at least one. */
function useColumnCount(ref: RefObject<HTMLElement | null>): number {
  const [columns, setColumns] = useState(1);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () =>
      setColumns(
        Math.max(1, Math.floor((element.clientWidth + cardGap) / (cardMinWidth + cardGap))),
      );
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return columns;
}

/** The pages loaded so far and the way to the next (a TanStack infinite query). */
export interface LoadedPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

interface VirtualCardGridProps<T> {
  items: readonly T[];
  /** Every entry of the list, loaded or not. */
  total: number;
  label: string;
  testId: string;
  pages: LoadedPages;
  keyOf: (item: T) => string;
  renderCard: (item: T) => ReactNode;
}

/**
 * Cards in a virtual list of rows: only the rows in view are in the page, and the next page of
 * cards is asked for as the list nears its end, so a list of thousands scrolls as one of ten.
 */
export function VirtualCardGrid<T>(props: VirtualCardGridProps<T>) {
  const { items, total, label, testId, pages, keyOf, renderCard } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const columns = useColumnCount(scrollRef);
  const rowCount = Math.ceil(items.length / columns);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimatedRowHeight,
    // A row not laid out (under a hidden ancestor) measures 0: it keeps the estimate.
    measureElement: (element, entry, instance) =>
      measureElement(element, entry, instance) || estimatedRowHeight,
    overscan: 2,
  });
  const rows = virtualizer.getVirtualItems();
  const lastIndex = rows.at(-1)?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    if (lastIndex >= rowCount - 2 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [lastIndex, rowCount, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    // Focusable, so a keyboard scrolls it too (its cards may hold nothing focusable).
    <div ref={scrollRef} className={styles.scroller} data-testid={testId} tabIndex={0}>
      <div
        role="list"
        aria-label={label}
        className={styles.rows}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {rows.map((row) => (
          <div
            key={row.key}
            role="none"
            data-index={row.index}
            ref={virtualizer.measureElement}
            className={styles.row}
            style={{
              transform: `translateY(${row.start}px)`,
              gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            }}
          >
            {items.slice(row.index * columns, (row.index + 1) * columns).map((item, i) => (
              <div
                role="listitem"
                key={keyOf(item)}
                aria-setsize={total}
                aria-posinset={row.index * columns + i + 1}
              >
                {renderCard(item)}
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
