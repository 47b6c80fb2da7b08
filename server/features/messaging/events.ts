// The record of each text and mail sent, refused, queued or failed (message_events): what the
// portal's messaging page counts, with no number, address or text in it.
import { writeWithoutSync } from "@server/persistence/db/client";
import { messageEvents } from "@server/persistence/db/schema";
import type { Services } from "@server/services";

export interface MessageEvent {
  channel: "text" | "mail";
  outcome: "sent" | "refused" | "queued" | "failed";
  kind: string;
  reason?: string;
  areaCode?: string;
  costCents?: number;
}

export async function recordMessage(
  services: Pick<Services, "db" | "now">,
  event: MessageEvent,
): Promise<void> {
  // A count for the portal: not worth an fsync of its own (the message's outbox row is durable).
  await writeWithoutSync(
    services.db,
    services.db.insert(messageEvents).values({
      at: services.now(),
      channel: event.channel,
      outcome: event.outcome,
      kind: event.kind,
      reason: event.reason ?? null,
      areaCode: event.areaCode ?? null,
      costCents: event.costCents ?? 0,
    }),
  );
}
