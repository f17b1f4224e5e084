import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../shared/api/api-error';

/** Client errors (4xx) are answers, not hiccups: only network and server failures are retried, once. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
