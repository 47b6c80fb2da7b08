// Calls the server takes only alone in their request (their procedures' meta `alone` in
// server/transport/trpc: each costs seconds of the definitions worker). The client sends each in a
// request of its own; tests/api/request-limits-alone.test.ts holds this list to the router.
export const ALONE_PROCEDURES: readonly string[] = ["portal.definitionsImpact", "portal.definitionsRollback"];
