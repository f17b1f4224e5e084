import type { Deployment } from '@meridian/domain/apps/app-api';
import { t } from '../apps.texts';
import { notify } from '../../../shared/notifications/notify';
import { useUpdateDomainNames, useUpdateVersionDomainNames } from '../api/update-domain-names';
import { errorDescription } from './action-errors';
import type { DomainScope } from './update-domain.rules';

/** Sends the names to this deployment, or to the version's deployments on its smart cluster. */
export function useSaveDomainNames(
  deployment: Deployment,
  scope: DomainScope,
  onUpdated: () => void,
) {
  const one = useUpdateDomainNames();
  const all = useUpdateVersionDomainNames();
  const run = (domainNames: string[]) => {
    const handlers = {
      onSuccess: () => {
        notify.success(t('apps.detail.domains.updated'), domainNames.join(', '));
        onUpdated();
      },
      onError: (error: unknown) =>
        notify.error(t('apps.detail.domains.failed'), errorDescription(error)),
    };
    if (scope === 'smartCluster') {
      all.mutate(
        {
          versionId: deployment.version_uuid,
          smartClusterId: deployment.smart_cluster_uuid,
          smartClusterName: deployment.smart_cluster_name,
          domainNames,
        },
        handlers,
      );
    } else {
      one.mutate({ deploymentId: deployment.uuid, domainNames }, handlers);
    }
  };
  return { run, pending: one.isPending || all.isPending };
}
