import type { OrganizationRole } from '@meridian/domain/auth/organization';
import type { ReactElement } from 'react';
import { useActingRole } from '../session/acting-role';
import { DisabledReason } from './disabled-reason';

interface RoleGateProps {
  /** The least role the action needs in the acting organisation. */
  needs: OrganizationRole;
  /** The control, told whether to render disabled. */
  children: (disabled: boolean) => ReactElement;
}

/** An action the caller's role in the acting organisation may forbid: then disabled, saying why. */
export function RoleGate({ needs, children }: RoleGateProps) {
  const reason = useActingRole().refusal(needs);
  return <DisabledReason reason={reason}>{children}</DisabledReason>;
}
