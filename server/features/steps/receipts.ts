// A step submission is done once. The browser sends a random idempotency key with each submission
// of a page (the same key on a double click or a retry); the first answer is kept here for a few
// minutes under the key's HMAC, with a hash of what was submitted (the step and its answers), and
// a repeat of the same submission gets it again instead of a second account or a false "changed
// in another window". The same key with other answers, or for another step, is refused (422): its
// answers would otherwise be dropped without a word. The answer holds routes and statuses only.
import { createHash, createHmac } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "@server/persistence/db/client";
import { submitReceipts } from "@server/persistence/db/schema";
import { deriveKey } from "@server/platform/crypto/keys";
import type { Services } from "@server/services";
import { refuse } from "@server/features/refusal";

/** What a receipt is bound to: the step and the answers sent, hashed (the answers hold personal data). */
export const requestHash = (stepId: string, answers: unknown) =>
  createHash("sha256")
    .update(JSON.stringify([stepId, answers]))
    .digest("base64url");

/** How long a repeat gets the first answer. */
export const RECEIPT_MS = 10 * 60_000;

// The key derived once per master key (an HKDF per submission was a twentieth of step.submit).
const keys = new WeakMap<Buffer, Buffer>();

export function receiptsOf(services: Services) {
  const key = keys.get(services.masterKey) ?? deriveKey(services.masterKey, "submit-receipts");
  keys.set(services.masterKey, key);
  const macOf = (raw: string) => createHmac("sha256", key).update(raw).digest("hex");
  return {
    macOf,
    /**
     * The first answer to this key, for the same account (or for anyone when the first made the
     * account: the visitor's repeat carries no session yet); null when there is none.
     */
    async find<T>(db: Db, mac: string, userId: string | null, request: string): Promise<T | null> {
      const since = new Date(services.now().getTime() - RECEIPT_MS);
      const [row] = await db
        .select()
        .from(submitReceipts)
        .where(and(eq(submitReceipts.key, mac), gt(submitReceipts.createdAt, since)));
      if (!row || (row.userId !== null && row.userId !== userId)) return null;
      const kept = JSON.parse(row.response) as { request?: string; response?: T };
      // Receipts kept before requests were hashed hold the bare response.
      if (kept.request === undefined || kept.response === undefined) return kept as T;
      if (kept.request !== request)
        throw refuse(
          "contradicts",
          "This submission's key was already used for other answers. Reload the page and send your answers again.",
        );
      return kept.response;
    },
    /** Keeps the answer (in the save's transaction) and forgets receipts past their time. */
    async record(
      tx: Db,
      mac: string,
      applicationId: string,
      userId: string | null,
      request: string,
      response: unknown,
    ): Promise<void> {
      const now = services.now();
      await tx
        .delete(submitReceipts)
        .where(lt(submitReceipts.createdAt, new Date(now.getTime() - RECEIPT_MS)));
      // Another account that happened to send the same key keeps no receipt: it never gets this one's answer.
      await tx
        .insert(submitReceipts)
        .values({
          key: mac,
          applicationId,
          userId,
          response: JSON.stringify({ request, response }),
          createdAt: now,
        })
        .onConflictDoNothing();
    },
  };
}
