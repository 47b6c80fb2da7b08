// The typed client of /api/trpc (the server's router type only; no server code is bundled), and
// the query-option factories pages use with @tanstack/react-query. Loaded by the funnel and
// portal chunks only.
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { AppRouter } from "../../../server/trpc/router";
import { apiFetch } from "./api-fetch";
import { queryClient } from "./query-client";

export const trpcClient = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: "/api/trpc", fetch: apiFetch })],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
