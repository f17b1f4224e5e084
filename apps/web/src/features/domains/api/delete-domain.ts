import { domainRemovalSchema, type DomainRemoval } from '@meridian/domain/domains/domain-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { appsQueryKey } from '../../../shared/api/apps-list';
import { domainPagesOptions, domainPagesQueryKey, withDomainRemoved } from './get-domains';

export interface DomainDeletion {
  domainId: string;
  /** Also take the names under it off the deployments that use them (else a 409 names them). */
  releaseNames?: boolean;
}

/** DELETE /domain/name/{domainId}: the domain, its records and its zone. */
export function deleteDomain({ domainId, releaseNames }: DomainDeletion): Promise<DomainRemoval> {
  const query = releaseNames ? '?release_names=true' : '';
  return apiClient.delete(
    `${apiPaths.domain}/name/${encodeURIComponent(domainId)}${query}`,
    undefined,
    { schema: domainRemovalSchema },
  );
}

export function useDeleteDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDomain,
    onSuccess: (_data, { domainId, releaseNames }) => {
      // Spec "States and transitions": deletion removes it by uuid.
      queryClient.setQueryData(domainPagesOptions().queryKey, (data) =>
        data ? withDomainRemoved(data, domainId) : data,
      );
      void queryClient.invalidateQueries({ queryKey: domainPagesQueryKey });
      // Deployments lost names under it: the app list shows them.
      if (releaseNames) void queryClient.invalidateQueries({ queryKey: appsQueryKey });
    },
  });
}
