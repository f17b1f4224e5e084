import { domainSchema, type Domain } from '@meridian/domain/domains/domain-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';
import { domainsQueryKey } from './get-domains';

/** POST /domain/name/{domain}/claim: Meridian looks the TXT proof up and moves the zone here. */
export function claimDomain(domainName: string): Promise<Domain> {
  return apiClient.post(
    `${apiPaths.domain}/name/${encodeURIComponent(domainName)}/claim`,
    undefined,
    { schema: domainSchema },
  );
}

export function useClaimDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimDomain,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: domainsQueryKey }),
  });
}
