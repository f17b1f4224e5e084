import { ReloadOutlined } from '@ant-design/icons';
import type { Deployment } from '@meridian/domain/apps/app-api';
import { parseStatus } from '@meridian/domain/status';
import { Alert, Button, Tooltip } from 'antd';
import { t } from '../apps.texts';
import { notify } from '../../../shared/notifications/notify';
import { useUpdateDomainNames } from '../api/update-domain-names';
import { errorDescription } from './action-errors';
import styles from './domain-actions.module.css';

/** Spec "States and transitions": update_subdomains_failure is a warning with a retry that re-sends the same names. */
export function SubdomainFailureAlert({ deployment }: { deployment: Deployment }) {
  const retry = useUpdateDomainNames();
  if (parseStatus(deployment.status) !== 'update_subdomains_failure') return null;
  const onRetry = () =>
    retry.mutate(
      { deploymentId: deployment.uuid, domainNames: deployment.domain_names },
      {
        onSuccess: () => notify.success(t('apps.detail.domains.retried')),
        onError: (error) => notify.error(t('apps.detail.domains.failed'), errorDescription(error)),
      },
    );
  return (
    <Alert
      className={styles.warning}
      type="warning"
      showIcon
      title={t('apps.detail.domains.retryTitle')}
      description={deployment.status_reason || t('apps.detail.status.retrySubdomains')}
      data-testid="subdomain-failure"
      action={
        <Tooltip title={t('apps.detail.domains.retryTip')}>
          <Button icon={<ReloadOutlined aria-hidden />} loading={retry.isPending} onClick={onRetry}>
            {t('apps.detail.domains.retry')}
          </Button>
        </Tooltip>
      }
    />
  );
}
