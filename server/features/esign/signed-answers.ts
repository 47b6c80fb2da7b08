// What a signature covers (the recordSignatures effect's `covers`: the answers the signed figures
// and parties rest on) and what voids it. A keyed fingerprint of each covered answer given at
// signing is kept with the signature, never the answer itself (an SSN's plain hash could be
// guessed; an HMAC under a server key cannot). A later save that changes a covered answer voids
// the signature: the signer's typed name leaves the application and their sign step is due again.
import { createHmac } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Definitions } from "@engine/definitions/definitions";
import { getAt } from "@engine/base/pointer";
import type { Db } from "@server/persistence/db/client";
import { preparedQuery } from "@server/persistence/db/prepared";
import { signatures } from "@server/persistence/db/schema";
import type { Services } from "@server/services";
import { ownedApplicationId } from "@server/persistence/store/applications";
import { deriveKey } from "@server/platform/crypto/keys";

/** The standing signatures of an application, read on every save: prepared once. */
const standingSignatures = preparedQuery("standingSignatures", (db) =>
  db
    .select()
    .from(signatures)
    .where(and(eq(signatures.applicationId, sql.placeholder("applicationId")), isNull(signatures.voidedAt))),
);

/** The standing signatures of the application a user owns (none when they own none): a save reads them with its lock. */
const standingOfOwned = preparedQuery("standingSignaturesOfOwned", (db) =>
  db
    .select()
    .from(signatures)
    .where(
      and(
        eq(signatures.applicationId, ownedApplicationId(sql.placeholder("ownerId"))),
        isNull(signatures.voidedAt),
      ),
    ),
);

export type SignatureRow = typeof signatures.$inferSelect;

/** JSON with object keys in order, so equal answers fingerprint alike. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(",")}]`
    : value !== null && typeof value === "object"
      ? `{${Object.keys(value)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
          .join(",")}}`
      : JSON.stringify(value);

export function signedAnswersOf(services: Services) {
  const key = deriveKey(services.masterKey, "signature-covers");
  const fingerprint = (pointer: string, value: unknown) =>
    createHmac("sha256", key)
      .update(`${pointer}\u0000${canonical(value)}`)
      .digest("hex");
  return {
    /** The fingerprints of the covered answers the document holds (an answer not given yet is not covered). */
    fingerprints(covers: readonly string[], doc: unknown): Record<string, string> {
      const out: Record<string, string> = {};
      for (const pointer of covers) {
        const value = getAt(doc, pointer);
        if (value !== undefined && value !== null) out[pointer] = fingerprint(pointer, value);
      }
      return out;
    },
    /**
     * The standing signatures of the application `ownerId` owns (none when they own none). A save
     * sends it right behind its lock (`applicationStore.lockOf`), in one round trip.
     */
    standingOfOwned: (db: Db, ownerId: string): Promise<SignatureRow[]> => standingOfOwned(db, { ownerId }),
    /**
     * Voids, in the caller's transaction, every standing signature of the application a covered
     * answer of which `doc` changes; returns each with the covered pointers that changed.
     */
    async voidChanged(
      tx: Db,
      applicationId: string,
      doc: unknown,
      now: Date,
      /** The application's standing signatures as the caller read them in this transaction (`standingOfOwned`). */
      read?: SignatureRow[],
    ) {
      const standing = read ?? (await standingSignatures(tx, { applicationId }));
      const voided: { signer: string; changed: string[] }[] = [];
      for (const row of standing) {
        const covered = row.covered ? (JSON.parse(row.covered) as Record<string, string>) : {};
        const changed = Object.entries(covered)
          .filter(([pointer, print]) => fingerprint(pointer, getAt(doc, pointer) ?? null) !== print)
          .map(([pointer]) => pointer);
        if (!changed.length) continue;
        await tx.update(signatures).set({ voidedAt: now }).where(eq(signatures.id, row.id));
        voided.push({ signer: row.signer, changed });
      }
      return voided;
    },
  };
}

/** The step a role signs on and the answer holding their signature (the recordSignatures effect naming them). */
export function signingStepOf(defs: Definitions, role: string): { stepId: string; pointer: string } | null {
  for (const { def } of defs.steps.values())
    for (const effect of def.effects ?? []) {
      const pointer = effect.kind === "recordSignatures" ? effect.signers?.[role] : undefined;
      if (pointer) return { stepId: def.id, pointer };
    }
  return null;
}
