import {
  domainSchema,
  type Domain,
  type DomainCreateInput,
} from '@meridian/domain/domains/domain-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { domainPagesOptions, domainPagesQueryKey, withDomainAdded } from './get-domains';

/** POST /domain/name: body {domain_name, email}; answers the new domain. */
export function createDomain(body: DomainCreateInput): Promise<Domain> {
  return apiClient.post(`${apiPaths.domain}/name`, body, { schema: domainSchema });
}

export function useCreateDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDomain,
    onSuccess: (domain) => {
      // Spec "States and transitions": domain creation appends the new domain.
      queryClient.setQueryData(domainPagesOptions().queryKey, (data) =>
        data ? withDomainAdded(data, domain) : data,
      );
      void queryClient.invalidateQueries({ queryKey: domainPagesQueryKey });
    },
  });
}
