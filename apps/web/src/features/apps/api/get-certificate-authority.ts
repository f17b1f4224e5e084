import {
  certificateAuthoritySchema,
  type CertificateAuthority,
} from '@meridian/domain/domains/certificate-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** GET /certificate/authority: the local authority or an ACME CA (set by the operator). */
export function getCertificateAuthority(signal?: AbortSignal): Promise<CertificateAuthority> {
  return apiClient.get(`${apiPaths.certificate}/authority`, {
    signal,
    schema: certificateAuthoritySchema,
  });
}

export function useCertificateAuthority() {
  return useQuery(
    queryOptions({
      queryKey: ['certificate-authority'],
      queryFn: ({ signal }) => getCertificateAuthority(signal),
      // The operator's setting: it changes only with a restart.
      staleTime: Infinity,
    }),
  );
}
