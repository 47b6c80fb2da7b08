// Phase 4 of step.submit, merge: the reader's answers and what the server set go into the stored
// application, keeping to the reader's part; a page sent from a stale view is refused; a change to
// an answer a signature covers voids that signature, and its signer signs again.
import { auditAction } from "@engine/lending/audit-actions";
import { changedPointers, getAt, setAt, withoutAt } from "@engine/base/pointer";
import { keepToPart, memberRole, OWNER_ROLE, partOf, WHOLE, type Part } from "@engine/funnel/members";
import { dropStaleVerifications } from "@engine/lending/borrowers";
import type { Journey } from "@engine/funnel/journey";
import type { Db } from "@server/persistence/db/client";
import { applicationStore, type StoredApplication } from "@server/persistence/store/applications";
import { signedAnswersOf, signingStepOf, type SignatureRow } from "@server/features/esign/signed-answers";
import { memberStore, type Reader } from "@server/features/members/store";
import { mergedApplication } from "../checked-answers";
import { ownerCompleted } from "../journey";
import { recheckApplication } from "../recheck";
import type { Voided } from "../voided";
import { admit } from "./admit";
import { effectsOf, judgeOf, validated } from "./check";
import { staleRevision, type Submission } from "./submission";

export interface Merged {
  reader: Reader | null;
  stored: Record<string, unknown>;
  part: Part;
  doc: Record<string, unknown>;
  /** The pointers this save changes (the audit trail lists them, never their values). */
  changed: string[];
  /** The step was the one due on the reader's path (then they go on to the next one still due). */
  wasDue: boolean;
  /** The owner's path on `stored` as this save found it, when the owner saves (admitted on it): what the save changes is told against it. */
  ownerBefore: Journey | null;
}

/**
 * Reads and admits the reader in the transaction, and merges their answers. `owned`: the
 * application the reader owns as the transaction's lock read it (null: none), not read again.
 */
export async function merge(
  s: Submission,
  tx: Db,
  serverSet: Record<string, unknown>,
  owned?: StoredApplication | null,
): Promise<Merged> {
  const { services, userId, step, input } = s;
  const { defs } = services;
  let reader = userId ? await memberStore(services).readerOf(tx, userId, owned) : null;
  const admitted = admit(s, reader);
  const wasDue = admitted?.due === step.id;
  // Answers are never saved unchecked against the running definitions: a change since the last
  // visit opens its owner's re-check first.
  let ownerBefore: Journey | null = null;
  if (reader && !reader.member) {
    const read = reader.app;
    reader = { ...reader, app: await recheckApplication(tx, services, read) };
    // The owner was admitted on their own path over the stored document: the same walk, unless
    // the re-check changed what was stored.
    if (reader.app === read) ownerBefore = admitted;
  }
  const stored = reader?.app.doc ?? {};
  const part = reader?.part ?? WHOLE;
  // The step's answers and what the server set, without hidden answers and one-time codes.
  const merged = mergedApplication(judgeOf(s), stored, validated(s, stored, part), serverSet);
  // The last word on who changes what: only the reader's part moves. The owner's part is taken on
  // the new answers, so that stopping to apply with a co-borrower takes their part back; on the
  // server's day, and from the stored document's access when the answers change nothing it reads.
  const reading = partOf(defs, reader?.role ?? OWNER_ROLE, merged, s.today, stored);
  let doc = keepToPart(reading, stored, merged);
  // What the step's own effects set is the server's record, not the reader's answer: it stands
  // outside the reader's part too (the co-borrower's copy of the privacy notice, recorded with the
  // application's disclosures given). A request never reaches it: only effects fill serverSet.
  for (const pointer of Object.keys(serverSet)) {
    const value = getAt(merged, pointer);
    if (value !== undefined) doc = setAt(doc, pointer, value) as Record<string, unknown>;
  }
  doc = dropStaleVerifications(defs, stored, doc, serverSet);
  // A member's own email answer stays the address they joined with, whatever a request sends.
  const own = reader?.member ? memberRole(defs, reader.role).ownEmail : undefined;
  if (own && reader?.member && getAt(stored, own) !== undefined)
    doc = setAt(doc, own, getAt(stored, own)) as Record<string, unknown>;
  const changed = changedPointers(stored, doc);
  // A page sent again from a stale view is refused, unless it changes nothing (a double click).
  const revision = reader ? (reader.member?.revision ?? reader.app.revision) : null;
  const effects = effectsOf(s).length > 0;
  if (
    reader &&
    input.revision !== undefined &&
    input.revision !== revision &&
    (changed.length > 0 || effects)
  )
    throw staleRevision();
  return { reader, stored, part, doc, changed, wasDue, ownerBefore };
}

/**
 * Voids the signatures a changed answer covers: the signer's signing step is reopened (for the
 * owner, taken off `ownerDone`). Returns the voided signers and the owner's completed steps.
 */
export async function voidCoveredSignatures(
  s: Submission,
  tx: Db,
  merged: Merged,
  standing?: SignatureRow[],
): Promise<{ voided: Voided[]; ownerDone: string[] }> {
  const { services, now } = s;
  const { reader, changed } = merged;
  const voided: Voided[] = [];
  let ownerDone = reader ? ownerCompleted(services, reader.app) : [];
  if (!reader || !changed.length) return { voided, ownerDone };
  const coverage = await signedAnswersOf(services).voidChanged(tx, reader.app.id, merged.doc, now, standing);
  for (const { signer, changed: pointers } of coverage) {
    const signing = signingStepOf(services.defs, signer);
    // The signing step's answer goes from the document to be saved, never from the stored one.
    if (signing) merged.doc = withoutAt(merged.doc, signing.pointer) as Record<string, unknown>;
    if (signer === OWNER_ROLE) ownerDone = ownerDone.filter((id) => id !== signing?.stepId);
    else if (signing) await memberStore(services).reopen(tx, reader.app.id, signer, signing.stepId);
    voided.push({ signer, pointers });
    await applicationStore(services).audit(tx, {
      actorKind: "system",
      actorId: null,
      action: auditAction("esign.voided", signer),
      applicationId: reader.app.id,
      changed: pointers,
    });
  }
  return { voided, ownerDone };
}
