// Early declines confirmed before a notice (Regulation B, 12 CFR 1002.9(a)(1)): a decline of the
// funnel's pricing rules that rests on one answer the applicant can still change (a rule flagged
// `confirmFirst` in rules/pricing.json) is not a decision until the applicant confirms that
// answer on the page that states the consequence. Until then nothing is recorded: a corrected
// answer leaves no decision, no notice, no mail. On confirmation the decision and its notice are
// recorded in one transaction and the notice is delivered as the loan's decision notices are:
// electronically only with the owner's E-SIGN consent on file and an address they proved
// (15 U.S.C. 7001(c)); otherwise on paper through the print-and-mail queue, to the mailing address
// on file or, before one exists, to the one the applicant gives on that page (required then, so
// no confirmed decline is left without a way to reach them).
import { getAt } from "@engine/base/pointer";
import type { Address as GeneratedAddress } from "@engine/generated/schema-types";
import { auditAction } from "@engine/lending/audit-actions";
import { answersPointer, ownerRole } from "@engine/lending/borrowers";
import { needsConfirmation } from "@engine/lending/early-declines";
import type { Db } from "@server/persistence/db/client";
import { transaction } from "@server/persistence/db/client";
import { applicationStore, type StoredApplication } from "@server/persistence/store/applications";
import type { Services } from "@server/services";
import { deliverableAddress } from "../messaging/mail";
import { esignConsentOnFile } from "../loan/notices";
import { invalidAnswers, refuse } from "../refusal";
import {
  alreadyRecorded,
  attachNoticePdf,
  declineOf,
  deliverNotice,
  recordDecline,
  type Decision,
  type Reason,
} from "./adverse-action";

type Address = GeneratedAddress | Record<string, unknown>;

/** The decline today's answers lead to that waits for the applicant's confirmation; null when none does. */
export function pendingDecline(
  services: Pick<Services, "defs">,
  doc: Record<string, unknown>,
): { ruleId: string; reasons: Reason[]; mailingAddressOnFile: boolean } | null {
  const decline = declineOf(services.defs, doc);
  if (!decline || !needsConfirmation(services.defs, decline.ruleId) || alreadyRecorded(doc, decline))
    return null;
  return { ...decline, mailingAddressOnFile: mailingAddressOf(services, doc) !== null };
}

/** The owner's mailing address as their application has it, or null before they gave one. */
function mailingAddressOf(services: Pick<Services, "defs">, doc: unknown): Address | null {
  const address = getAt(doc, `${answersPointer(services.defs, ownerRole(services.defs))}/address`);
  return address && typeof address === "object" ? (address as Address) : null;
}

/** How the owner's notice goes: to the email they proved, with their E-SIGN consent on file; else on paper. */
export async function ownerNoticeDelivery(
  services: Services,
  tx: Db,
  app: StoredApplication,
  doc: Record<string, unknown>,
): Promise<{ email: string | null; mailTo: Address | null }> {
  const owner = ownerRole(services.defs);
  const email = esignConsentOnFile(services, doc, owner)
    ? await deliverableAddress(services, app, owner, tx)
    : null;
  return { email, mailTo: email ? null : mailingAddressOf(services, doc) };
}

export interface DeclineConfirmation {
  ruleId: string;
  mailTo?: Address;
}

/**
 * The applicant confirms the answer the decline `input.ruleId` rests on: the decision and its
 * notice are recorded, and the notice delivered after the commit. Refused, saving nothing, when
 * today's answers no longer lead to that decline, or when the notice must go on paper and no
 * mailing address is on file or given (/mailTo).
 */
export async function confirmDecline(
  services: Services,
  applicant: { userId: string },
  input: DeclineConfirmation,
): Promise<Decision> {
  const store = applicationStore(services);
  const { decision, deliver } = await transaction(services.db, async (tx) => {
    const app = await store.ofOwner(tx, applicant.userId);
    if (!app) throw refuse("notFound", "There is no application for this account.");
    const decline = declineOf(services.defs, app.doc);
    if (!decline || decline.ruleId !== input.ruleId)
      throw refuse(
        "conflict",
        "Your answers no longer lead to this decision, so nothing was recorded. Continue your application.",
      );
    const latest = app.doc.decisions as Decision[] | undefined;
    if (alreadyRecorded(app.doc, decline)) return { decision: latest!.at(-1)!, deliver: null };
    const now = services.now();
    const doc = structuredClone(app.doc);
    const { email, mailTo: onFile } = await ownerNoticeDelivery(services, tx, app, doc);
    const mailTo = email ? null : (onFile ?? input.mailTo ?? null);
    if (!email && !mailTo)
      throw invalidAnswers([
        {
          pointer: "/mailTo",
          message:
            "Tell us where to mail your notice: without your consent to electronic documents we send it on paper.",
        },
      ]);
    const declined = recordDecline(services.defs, doc, now, { at: now });
    if (!declined) throw new Error("a decline the rules make could not be recorded");
    declined.decision.delivery = email ? "email" : "mail";
    if (mailTo) Object.assign(declined.decision, { mailTo, mailedOn: null });
    const pdf = await attachNoticePdf(app.id, declined.decision, services.defs.texts);
    if (!(await store.save(tx, app, doc, app.status)))
      throw refuse("conflict", "Your application changed meanwhile. Reload the page and try again.");
    await store.audit(tx, {
      actorKind: "applicant",
      actorId: applicant.userId,
      action: auditAction("decision.declined", declined.decision.ruleId, "confirmed"),
      applicationId: app.id,
      changed: ["/decisions"],
    });
    return {
      decision: declined.decision,
      deliver: () => deliverNotice(services, app, email, declined.text, pdf),
    };
  });
  if (deliver)
    await deliver().catch((error: unknown) =>
      console.error(`adverse action notice: a delivery failed (${(error as Error).name})`),
    );
  return decision;
}
