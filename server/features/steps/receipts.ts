// A step submission is done once. The browser sends a random idempotency key with each submission
// of a page (the same key on a double click or a retry); the first answer is kept here for a few
// minutes under the key's HMAC, and a repeat gets it again instead of a second account or a false
// "changed in another window". The answer holds routes and statuses only, no personal data.
import { createHmac } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "@server/persistence/db/client";
import { submitReceipts } from "@server/persistence/db/schema";
import { deriveKey } from "@server/platform/crypto/keys";
import type { Services } from "@server/services";

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
    async find<T>(db: Db, mac: string, userId: string | null): Promise<T | null> {
      const since = new Date(services.now().getTime() - RECEIPT_MS);
      const [row] = await db
        .select()
        .from(submitReceipts)
        .where(and(eq(submitReceipts.key, mac), gt(submitReceipts.createdAt, since)));
      if (!row || (row.userId !== null && row.userId !== userId)) return null;
      return JSON.parse(row.response) as T;
    },
    /** Keeps the answer (in the save's transaction) and forgets receipts past their time. */
    async record(
      tx: Db,
      mac: string,
      applicationId: string,
      userId: string | null,
      response: unknown,
    ): Promise<void> {
      const now = services.now();
      await tx
        .delete(submitReceipts)
        .where(lt(submitReceipts.createdAt, new Date(now.getTime() - RECEIPT_MS)));
      // Another account that happened to send the same key keeps no receipt: it never gets this one's answer.
      await tx
        .insert(submitReceipts)
        .values({ key: mac, applicationId, userId, response: JSON.stringify(response), createdAt: now })
        .onConflictDoNothing();
    },
  };
}
