// The typed client of /api/trpc (the server's router type only; no server code is bundled), and
// the query-option factories pages use with @tanstack/react-query. Loaded by the funnel and
// portal chunks only. Queries are batched; each mutation goes alone, with its own bot-check
// token (the server refuses a request carrying two changes).
import { createTRPCClient, httpBatchLink, splitLink } from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { AppRouter } from "@server/transport/trpc/router";
import { ALONE_PROCEDURES } from "./alone";
import { apiFetch } from "./api-fetch";
import { queryClient } from "./query-client";

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (op) => op.type === "mutation" || ALONE_PROCEDURES.includes(op.path),
      // A batch of one: alone, yet in the batch wire format (which carries a mutation without input).
      true: httpBatchLink({ url: "/api/trpc", fetch: apiFetch, maxItems: 1 }),
      // The server's cap on calls per request (MAX_BATCH in server/transport/security/request-shape.ts).
      false: httpBatchLink({ url: "/api/trpc", fetch: apiFetch, maxItems: 16 }),
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
