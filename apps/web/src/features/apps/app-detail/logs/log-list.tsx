import type { LogLine } from '@meridian/domain/apps/deployment-logs';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { highlightParts, severityOf } from './log-view.rules';
import styles from './logs.module.css';

// One unwrapped line; a wrapped one is measured.
const rowHeight = 20;

function LogRow({ line, search }: { line: LogLine; search: string }) {
  return (
    <>
      <span className={styles.time}>{line.at.slice(11, 23)}</span>
      <span className={styles.pod}>{line.pod.split('-').at(-1)}</span>
      <span className={styles[severityOf(line.text)]}>
        {highlightParts(line.text, search).map((part, index) =>
          part.match ? <mark key={index}>{part.text}</mark> : part.text,
        )}
      </span>
    </>
  );
}

/**
 * The lines, monospace, only those in view rendered, a long one wrapped onto as many rows as it
 * needs (each measured); it keeps to the newest line while it is scrolled to the bottom
 * (scrolling up holds it where the reader is).
 */
export function LogList({
  lines,
  search,
  following,
}: {
  lines: LogLine[];
  search: string;
  following: boolean;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 20,
  });

  useEffect(() => {
    if (atBottom.current && lines.length > 0) {
      virtualizer.scrollToIndex(lines.length - 1, { align: 'end' });
    }
  }, [lines, following, virtualizer]);

  return (
    <div
      ref={scrollRef}
      className={styles.scroller}
      data-testid="logs-lines"
      role="log"
      // Focusable, so a keyboard scrolls the lines too (WCAG 2.1.1).
      tabIndex={0}
      aria-live={following ? 'polite' : 'off'}
      onScroll={(event) => {
        const element = event.currentTarget;
        atBottom.current =
          element.scrollHeight - element.scrollTop - element.clientHeight < rowHeight * 2;
      }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const line = lines[item.index]!;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className={styles.row}
              data-testid="log-line"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <LogRow line={line} search={search} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
