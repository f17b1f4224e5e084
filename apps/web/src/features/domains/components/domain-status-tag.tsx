import { displayStatus, parseStatus } from '@meridian/domain/status';
import { Tag } from 'antd';
import { currentLocale } from '../../../shared/i18n/locale';

/** A domain's status in the spec's words and colours (green, gold, red, orange). */
export function DomainStatusTag({ status }: { status: string }) {
  const { label, color } = displayStatus(status, currentLocale());
  return (
    <Tag
      color={color}
      variant="filled"
      data-testid="domain-status"
      data-status={parseStatus(status) ?? status}
    >
      {label}
    </Tag>
  );
}
