import { EmptyState } from '../../shared/components/empty-state';
import { PageHeader } from '../../shared/components/page-header';
import { t } from '../../shared/i18n/translate';

/** /notifications: the event list. */
export function NotificationsPage() {
  return (
    <>
      <PageHeader title={t('notifications.title')} description={t('notifications.intro')} />
      <EmptyState title={t('notifications.empty')} hint={t('notifications.emptyHint')} />
    </>
  );
}
