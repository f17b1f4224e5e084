import { EmptyState } from '../../shared/components/empty-state';
import { PageHeader } from '../../shared/components/page-header';
import { t } from '../../shared/i18n/translate';

/** /billing: the usage table. */
export function BillingPage() {
  return (
    <>
      <PageHeader title={t('billing.title')} description={t('billing.intro')} />
      <EmptyState title={t('billing.empty')} hint={t('billing.emptyHint')} />
    </>
  );
}
