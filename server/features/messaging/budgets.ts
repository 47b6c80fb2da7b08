// The budgets of rules/messaging.json (schemas/messaging.json), read per call so a definitions
// reload takes effect at once, and the limiters that hold them: one database limiter per window,
// so every server on the database counts together.
import type { MessagingBudgets } from "@engine/generated/schema-types";
import type { RateLimitHit } from "@server/transport/security/rate-limit";
import type { Services } from "@server/services";

export type { MessagingBudgets };
export type Windows = MessagingBudgets["texts"]["perNumber"];

export function budgetsOf(services: Pick<Services, "defs" | "budgetsFor">): MessagingBudgets {
  const params = services.defs.params.messaging as MessagingBudgets | undefined;
  if (!params?.texts)
    throw new Error("rules/messaging.json is missing: no text or mail can be sent without its budgets");
  return services.budgetsFor(params);
}

/**
 * Counts one hit against every window of a budget (`name` keeps budgets apart); the first window
 * over its limit refuses. A refused attempt still counts: a flood stays refused while it lasts.
 */
export async function spend(
  services: Pick<Services, "rateLimiter">,
  name: string,
  windows: Windows,
  key: string,
): Promise<RateLimitHit> {
  let verdict: RateLimitHit = { ok: true };
  for (const { limit, minutes } of windows) {
    const hit = await services
      .rateLimiter(`${name}:${minutes}m`, { limit, windowMs: minutes * 60_000 })
      .hit(key);
    if (!hit.ok && verdict.ok) verdict = hit;
  }
  return verdict;
}
