import { sessionUserSchema, type SessionUser } from '@meridian/domain/auth/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/api-client';
import { apiPaths } from '../../../shared/api/api-paths';

/** GET /auth/session: whose session the stored token is; a 401 ends it through the API client. */
export function getSession(signal?: AbortSignal): Promise<SessionUser> {
  return apiClient.get(`${apiPaths.auth}/session`, { signal, schema: sessionUserSchema });
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: ['session'],
    queryFn: ({ signal }) => getSession(signal),
    // Checked on entering the console and whenever the tab regains focus.
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    retry: false,
  });
}

/** Keeps the stored login honest: a session revoked or expired elsewhere is noticed at once. */
export function useSessionCheck() {
  return useQuery(sessionQueryOptions());
}
