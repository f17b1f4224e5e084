import {
  domainRemovalSchema,
  type Domain,
  type DomainRemoval,
} from '@meridian/domain/domains/domain-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { domainsQueryKey } from './get-domains';

/** DELETE /domain/name/{domainId}: the domain, its records and its zone. */
export function deleteDomain(domainId: string): Promise<DomainRemoval> {
  return apiClient.delete(`${apiPaths.domain}/name/${encodeURIComponent(domainId)}`, undefined, {
    schema: domainRemovalSchema,
  });
}

export function useDeleteDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDomain,
    onSuccess: (_data, domainId) => {
      // Spec "States and transitions": deletion removes it by uuid.
      queryClient.setQueryData<Domain[]>(domainsQueryKey, (list) =>
        list?.filter((domain) => domain.uuid !== domainId),
      );
      void queryClient.invalidateQueries({ queryKey: domainsQueryKey, exact: true });
    },
  });
}
