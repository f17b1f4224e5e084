import {
  CheckCircleFilled,
  ClockCircleFilled,
  CloseCircleFilled,
  InfoCircleFilled,
} from '@ant-design/icons';
import type { NotificationEvent } from '@meridian/domain/events/notification-event';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Alert, Button, Skeleton } from 'antd';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../shared/components/empty-state';
import { PageHeader } from '../../shared/components/page-header';
import { t } from './notifications.texts';
import { eventText } from '../../shared/realtime/event-effects';
import { useServerMessages } from '../../shared/i18n/use-server-messages';
import { useNotificationCount } from './api/get-notification-count';
import { flattenNotifications, useNotifications } from './api/get-notifications';
import {
  formatNotificationDate,
  formatNotificationTime,
  notificationTone,
} from './notification-format';
import type { NotificationTone } from './notification-format';
import styles from './notifications-page.module.css';
import { useReadOnOpen } from './use-read-on-open';

/** Spec "Business constants and limits": rows 73 px high, overscan 2. */
export const notificationRowHeight = 73;
export const notificationOverscan = 2;

const toneIcons: Record<NotificationTone, ReactNode> = {
  success: <CheckCircleFilled aria-hidden />,
  error: <CloseCircleFilled aria-hidden />,
  pending: <ClockCircleFilled aria-hidden />,
  info: <InfoCircleFilled aria-hidden />,
};

interface NotificationRowProps {
  event: NotificationEvent;
  start: number;
  /** Unread when the list was opened (now read): marked New for this visit. */
  isNew: boolean;
  onRead(): void;
}

function NotificationRow({ event, start, isNew, onRead }: NotificationRowProps) {
  const tone = notificationTone(event.status);
  const { title, description } = eventText(event);
  // Arrived while the list is open: unread until the user marks it.
  const unread = !event.read && !isNew;
  return (
    <div
      className={[styles.row, unread ? styles.unread : ''].join(' ')}
      style={{ transform: `translateY(${start}px)` }}
      role="listitem"
      data-testid="notification-row"
      data-tone={tone}
      data-read={unread ? 'false' : 'true'}
    >
      <span className={[styles.icon, styles[tone]].join(' ')}>{toneIcons[tone]}</span>
      <div className={styles.text}>
        <div className={styles.title} title={title}>
          {isNew || unread ? <span className={styles.newTag}>{t('notifications.new')}</span> : null}
          {title}
        </div>
        {description ? (
          <div className={styles.description} title={description}>
            {description}
          </div>
        ) : null}
      </div>
      {unread ? (
        <Button type="link" size="small" onClick={onRead}>
          {t('notifications.markRead')}
        </Button>
      ) : null}
      <div className={styles.date}>
        <div>{formatNotificationDate(event.created_at)}</div>
        <div className={styles.time}>{formatNotificationTime(event.created_at)}</div>
      </div>
    </div>
  );
}

/** /notifications: every event, newest first, in a virtual list that loads more on scroll; opening it reads them. */
export function NotificationsPage() {
  const query = useNotifications();
  const count = useNotificationCount();
  const events = flattenNotifications(query.data);
  const scrollRef = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const reading = useReadOnOpen(query.isSuccess, events);
  // Status reasons are the server's words: the list speaks French once their catalogue is here.
  useServerMessages();

  const virtualizer = useVirtualizer({
    count: hasNextPage ? events.length + 1 : events.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => notificationRowHeight,
    overscan: notificationOverscan,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (lastIndex >= events.length - 1 && hasNextPage && !isFetchingNextPage) {
      void fetchNextPage();
    }
  }, [lastIndex, events.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div style={{ padding: 20 }}>
        <Skeleton active avatar paragraph={{ rows: 1 }} />
        <Skeleton active avatar paragraph={{ rows: 1 }} />
        <Skeleton active avatar paragraph={{ rows: 1 }} />
      </div>
    );
  } else if (query.isError) {
    body = (
      <Alert
        type="error"
        showIcon
        title={t('notifications.fetchFailed')}
        description={t('notifications.contactSupport')}
      />
    );
  } else if (events.length === 0) {
    body = <EmptyState title={t('notifications.empty')} hint={t('notifications.emptyHint')} />;
  } else {
    body = (
      <div className={styles.panel}>
        {/* Focusable, so a keyboard scrolls the notifications too. */}
        <div
          ref={scrollRef}
          className={styles.scroller}
          data-testid="notifications-scroller"
          tabIndex={0}
        >
          <div
            className={styles.inner}
            style={{ height: virtualizer.getTotalSize() }}
            role="list"
            aria-label={t('notifications.title')}
          >
            {items.map((item) => {
              const event = events[item.index];
              return event ? (
                <NotificationRow
                  key={event.uuid}
                  event={event}
                  start={item.start}
                  isNew={reading.isNew(event)}
                  onRead={() => reading.markOne(event)}
                />
              ) : (
                <div
                  key="loader"
                  className={[styles.row, styles.footer].join(' ')}
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  {t('notifications.loadingMore')}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title={t('notifications.title')}
        description={
          count.data
            ? `${t('notifications.intro')} ${t('notifications.count', { count: count.data })}`
            : t('notifications.intro')
        }
      />
      {body}
    </>
  );
}
