// The portal's messaging page (permission messaging.view, the lender's own staff only: the
// budgets are the site's, not a partner's): the texts and mails of the last hour and of today (UTC),
// sent, refused (by the rule that refused them) and queued, the day's spend against its cap, and
// the budgets of rules/messaging.json as the server applies them.
import { and, gte, sql } from "drizzle-orm";
import { messageEvents } from "@server/persistence/db/schema";
import type { Services } from "@server/services";
import { budgetsOf } from "./budgets";

export interface MessagingCounts {
  channel: "text" | "mail";
  outcome: "sent" | "refused" | "queued" | "failed";
  reason: string | null;
  lastHour: number;
  today: number;
}

export async function messagingReport(services: Services) {
  const now = services.now();
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const midnight = new Date(`${now.toISOString().slice(0, 10)}T00:00:00.000Z`);
  const since = hourAgo < midnight ? hourAgo : midnight;
  const rows = await services.db
    .select({
      at: messageEvents.at,
      channel: messageEvents.channel,
      outcome: messageEvents.outcome,
      reason: messageEvents.reason,
      cost: messageEvents.costCents,
    })
    .from(messageEvents)
    .where(and(gte(messageEvents.at, since), sql`1 = 1`));
  const counts = new Map<string, MessagingCounts>();
  let spentTodayCents = 0;
  for (const r of rows) {
    const key = `${r.channel}|${r.outcome}|${r.reason ?? ""}`;
    const entry = counts.get(key) ?? {
      channel: r.channel,
      outcome: r.outcome,
      reason: r.reason,
      lastHour: 0,
      today: 0,
    };
    if (r.at >= hourAgo) entry.lastHour++;
    if (r.at >= midnight) {
      entry.today++;
      spentTodayCents += Number(r.cost);
    }
    counts.set(key, entry);
  }
  const budgets = budgetsOf(services);
  return {
    at: now.toISOString(),
    counts: [...counts.values()].sort(
      (a, b) =>
        a.channel.localeCompare(b.channel) ||
        a.outcome.localeCompare(b.outcome) ||
        (a.reason ?? "").localeCompare(b.reason ?? ""),
    ),
    spentTodayCents,
    budgets,
  };
}
