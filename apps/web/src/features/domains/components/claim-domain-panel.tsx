import type { DomainVerification } from '@meridian/domain/domains/zone-api';
import { Alert, Button, Descriptions, Typography } from 'antd';
import { notify } from '../../../shared/notifications/notify';
import { useClaimDomain } from '../api/claim-domain';
import { serverMessage } from '../domain-errors';
import { t } from '../domains.texts';
import styles from './domains.module.css';

/**
 * Shown when the name is another account's (the 409 carries `verification`): the TXT record to
 * publish and a button that has Meridian look it up and move the zone here.
 */
export function ClaimDomainPanel({
  domainName,
  verification,
  onClaimed,
}: {
  domainName: string;
  verification: DomainVerification;
  onClaimed: () => void;
}) {
  const claim = useClaimDomain();
  const verify = () =>
    claim.mutateAsync(domainName).then(
      () => {
        notify.success(t('claim.claimed', { name: domainName }));
        onClaimed();
      },
      (error: unknown) => notify.error(t('claim.failed'), serverMessage(error)),
    );
  return (
    <Alert
      type="warning"
      data-testid="claim-domain"
      title={t('claim.title', { name: domainName })}
      description={
        <>
          <Typography.Paragraph>{t('claim.intro')}</Typography.Paragraph>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('claim.type')}>{verification.type}</Descriptions.Item>
            <Descriptions.Item label={t('claim.name')}>
              <Typography.Text copyable code>
                {verification.name}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('claim.value')}>
              <Typography.Text copyable code data-testid="claim-value">
                {verification.value}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Button
            type="primary"
            onClick={() => void verify()}
            loading={claim.isPending}
            className={styles.claimVerify}
          >
            {t('claim.verify')}
          </Button>
        </>
      }
    />
  );
}
