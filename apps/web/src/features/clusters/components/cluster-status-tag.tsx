import { displayStatus, statusLabel } from '@meridian/domain/status';
import { Tag } from 'antd';
import { currentLocale } from '../../../shared/i18n/locale';

/** The smart cluster's status in the spec's words and colours. */
export function ClusterStatusTag({ status }: { status: string }) {
  const { color } = displayStatus(status);
  return (
    <Tag color={color} data-testid="cluster-status" variant="filled">
      {statusLabel(status, 'smartCluster', currentLocale())}
    </Tag>
  );
}
