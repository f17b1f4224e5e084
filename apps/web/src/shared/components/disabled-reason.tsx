import { Tooltip } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import styles from './disabled-reason.module.css';

interface DisabledReasonProps {
  /** Why the action is not allowed; undefined when it is. */
  reason: string | undefined;
  /** The control, told whether to render disabled. */
  children: (disabled: boolean) => ReactElement;
}

/**
 * An action the caller may not take, shown disabled with the reason on hover and focus. The
 * wrapper takes the pointer, because a disabled control fires no events for a tooltip.
 */
export function DisabledReason({ reason, children }: DisabledReasonProps) {
  if (reason === undefined) return children(false);
  return (
    <Tooltip title={reason}>
      <span className={styles.blocked} tabIndex={0} aria-label={reason} data-disabled-reason="">
        {children(true)}
      </span>
    </Tooltip>
  );
}

/** A menu entry's label and state when `reason` forbids it: disabled, the reason on hover. */
export function refusedMenuEntry(label: ReactNode, reason: string | undefined) {
  if (reason === undefined) return { label, disabled: false };
  return {
    label: (
      <Tooltip title={reason} placement="left">
        <span>{label}</span>
      </Tooltip>
    ),
    disabled: true,
  };
}
