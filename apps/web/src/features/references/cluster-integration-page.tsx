import { PageHeader } from '../../shared/components/page-header';
import { t } from '../../shared/i18n/translate';

/** /references/cluster-integration: CI/CD instructions. */
export function ClusterIntegrationPage() {
  return (
    <PageHeader
      title={t('references.clusterIntegration.title')}
      description={t('references.clusterIntegration.intro')}
    />
  );
}
