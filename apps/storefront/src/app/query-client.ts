import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@ticketing/api-client';

/** One client for the app. A 4xx will not change on retry; a network error or a 5xx gets one more try. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < 1 && !(isApiError(error) && error.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
