// Test configuration: the servers of tests that are not about budgets apply rules/messaging.json's
// budgets a thousand times wider (their applicants all come from one loopback address, dozens a
// file), the way they lower the bot check's cost. Tests of the budgets themselves pass
// `budgetsFor: asWritten` and meet the figures production meets.
import type { MessagingBudgets } from "@engine/generated/schema-types";
import type { RateLimit } from "@server/transport/security/rate-limit";

const WIDER = 1000;

type Windows = MessagingBudgets["texts"]["perNumber"];
const wider = (windows: Windows): Windows => windows.map((w) => ({ ...w, limit: w.limit * WIDER }));

export function widenedBudgets(b: MessagingBudgets): MessagingBudgets {
  return {
    texts: {
      ...b.texts,
      perNumber: wider(b.texts.perNumber),
      perIp: wider(b.texts.perIp),
      perNetwork: wider(b.texts.perNetwork),
      perSession: wider(b.texts.perSession),
      perHour: b.texts.perHour * WIDER,
      dailySpendCapCents: b.texts.dailySpendCapCents * WIDER,
    },
    mail: {
      perRecipient: wider(b.mail.perRecipient),
      perApplication: wider(b.mail.perApplication),
      codesPerRecipient: wider(b.mail.codesPerRecipient),
    },
    guests: { perIp: wider(b.guests.perIp), perNetwork: wider(b.guests.perNetwork) },
  };
}

/** The budgets exactly as rules/messaging.json writes them. */
export const asWritten = (b: MessagingBudgets): MessagingBudgets => b;

/**
 * The rate limits as the e2e servers apply them: those counted per IP address (named …PerIp in
 * server/services.ts) a thousand times wider, since every page of a worker's files comes from one
 * loopback address (a file signing in its fifteen applicants met the 50 sign-ins per 15 minutes
 * the worker's earlier files had spent). The API tests, which test these limits, keep them.
 */
export const widenedPerIp = (name: string, rule: RateLimit): RateLimit =>
  name.endsWith("PerIp") ? { ...rule, limit: rule.limit * WIDER } : rule;
