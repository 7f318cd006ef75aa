import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './normalize-error';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors will not fix themselves; only retry network and server failures.
      retry: (count, error) => !(isApiError(error) && error.status && error.status < 500) && count < 2,
    },
  },
});
