import { QueryClient } from '@tanstack/react-query';

/**
 * The API client already retries once after 1 s on status 0 / 5xx, so TanStack Query
 * must not retry again on top of it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
