import { InfoCircleOutlined } from '@ant-design/icons';
import { displayStatus, parseStatus, statusLabel } from '@meridian/domain/status';
import { Tag, Tooltip } from 'antd';
import { t } from '../apps.texts';
import { currentLocale } from '../../../shared/i18n/locale';

interface StatusTagProps {
  status: string;
  kind: 'version' | 'deployment';
  reason?: string | null;
}

/**
 * A version's or deployment's status in the spec's words and colours; a failure tells why. A
 * version in success runs somewhere, so it reads 'Deployed' as its deployments do (spec "States
 * and transitions"); one that runs nowhere is a VersionStatusTag's 'Not deployed'.
 */
export function StatusTag({ status, kind, reason }: StatusTagProps) {
  const parsed = parseStatus(status);
  const { color } = displayStatus(status);
  const text = statusLabel(status, 'deployment', currentLocale());
  const failed = parsed === 'failure' || parsed === 'update_subdomains_failure';
  const tag = (
    <Tag
      color={color}
      variant="filled"
      data-testid={`${kind}-status`}
      data-status={parsed ?? status}
      icon={failed ? <InfoCircleOutlined aria-hidden /> : undefined}
    >
      {text}
    </Tag>
  );
  if (!failed) return tag;
  const tip =
    parsed === 'update_subdomains_failure'
      ? t('apps.detail.status.retrySubdomains')
      : reason || t('apps.detail.status.contactSupport');
  return <Tooltip title={tip}>{tag}</Tooltip>;
}

/** A version's tag: 'Not deployed' (grey) while it runs nowhere, else its deployments' status. */
export function VersionStatusTag({ status, deployed }: { status: string; deployed: boolean }) {
  if (deployed || parseStatus(status) !== 'success')
    return <StatusTag status={status} kind="version" />;
  return (
    <Tag variant="filled" data-testid="version-status" data-status="not_deployed">
      {t('apps.detail.version.notDeployedTag')}
    </Tag>
  );
}
