import { EmptyState } from '../../shared/components/empty-state';
import { PageHeader } from '../../shared/components/page-header';
import { t } from '../../shared/i18n/translate';

/** /api-key: keys for CI/CD calls. */
export function ApiKeysPage() {
  return (
    <>
      <PageHeader title={t('apiKeys.title')} description={t('apiKeys.intro')} />
      <EmptyState title={t('apiKeys.empty')} hint={t('apiKeys.emptyHint')} />
    </>
  );
}
