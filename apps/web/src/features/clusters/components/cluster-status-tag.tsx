import { displayStatus } from '@meridian/domain/status';
import { Tag } from 'antd';

/** The smart cluster's status in the spec's words and colours. */
export function ClusterStatusTag({ status }: { status: string }) {
  const { label, color } = displayStatus(status);
  return (
    <Tag color={color} data-testid="cluster-status" variant="filled">
      {label}
    </Tag>
  );
}
