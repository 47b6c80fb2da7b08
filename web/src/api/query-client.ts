// Spec §7 query defaults: no retry, no refetch on focus or reconnect, nothing cached once unused,
// and a fresh fetch whenever a page mounts (personal data is never shown stale from memory).
import { QueryClient } from "@tanstack/react-query";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      gcTime: 0,
      refetchOnMount: "always",
    },
    mutations: { retry: false },
  },
});
