import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, type ReactNode } from 'react';
import { organizationsKey, useOrganizations } from '../shared/api/organizations-list';
import {
  setActingOrganization,
  useActingOrganizationUuid,
} from '../shared/session/acting-organization';
import { ShellSkeleton } from './shell-skeleton';

/**
 * Acts in `uuid` (null: the personal account). The cached answers were the other account's, so
 * they go first; the user's organisations and invitations are theirs in every account and stay.
 */
export function switchActingAccount(queryClient: QueryClient, uuid: string | null): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== organizationsKey[0] });
  setActingOrganization(uuid);
}

/**
 * The signed-in shell, mounted afresh for each acting account so nothing shows the other
 * account's data, even for a frame. A stored organisation the user no longer belongs to falls
 * back to the personal account before anything asks in its name.
 */
export function ActingAccountScope({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const acting = useActingOrganizationUuid();
  const organizations = useOrganizations();
  const known = acting === null || !!organizations.data?.some((entry) => entry.uuid === acting);
  const gone = !known && (organizations.isError || organizations.data !== undefined);

  useEffect(() => {
    if (gone) switchActingAccount(queryClient, null);
  }, [gone, queryClient]);

  if (!known) return <ShellSkeleton />;
  return <Fragment key={acting ?? 'personal'}>{children}</Fragment>;
}
