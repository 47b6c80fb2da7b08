// Test configuration: the servers of tests that are not about budgets apply rules/messaging.json's
// budgets a thousand times wider (their applicants all come from one loopback address, dozens a
// file), the way they lower the bot check's cost. Tests of the budgets themselves pass
// `budgetsFor: asWritten` and meet the figures production meets.
import type { MessagingBudgets } from "@engine/generated/schema-types";

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
