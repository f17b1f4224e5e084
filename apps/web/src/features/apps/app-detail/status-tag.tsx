import { InfoCircleOutlined } from '@ant-design/icons';
import { displayStatus, parseStatus, successLabel } from '@meridian/domain/status';
import { Tag, Tooltip } from 'antd';
import { t } from '../apps.texts';

interface StatusTagProps {
  status: string;
  /** Deployments say 'Deployed' where versions say 'Created' (spec "States and transitions"). */
  kind: 'version' | 'deployment';
  reason?: string | null;
}

/** A version's or deployment's status in the spec's words and colours; a failure tells why. */
export function StatusTag({ status, kind, reason }: StatusTagProps) {
  const parsed = parseStatus(status);
  const { label, color } = displayStatus(status);
  const text = parsed === 'success' && kind === 'deployment' ? successLabel.deployment : label;
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
