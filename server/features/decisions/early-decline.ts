// Early declines confirmed before a notice (Regulation B, 12 CFR 1002.9(a)(1)): a decline of the
// funnel's pricing rules that rests on one answer the applicant can still change (a rule flagged
// `confirmFirst` in rules/pricing.json) is not a decision until the applicant confirms that
// answer on the page that states the consequence. Until then nothing is recorded: a corrected
// answer leaves no decision, no notice, no mail. On confirmation the decision and its notice are
// recorded in one transaction (the notice's PDF made before it, never under the write lock) and
// the notice is delivered as the loan's decision notices are:
// electronically only with the owner's E-SIGN consent on file and an address they proved
// (15 U.S.C. 7001(c)); otherwise on paper through the print-and-mail queue, to the mailing address
// on file or, before one exists, to the one the applicant gives on that page (required then, so
// no confirmed decline is left without a way to reach them).
import { said } from "@engine/locale/server-words";
import { todayIso } from "@engine/base/dates";
import { getAt } from "@engine/base/pointer";
import type { Address as GeneratedAddress } from "@engine/generated/schema-types";
import { auditAction } from "@engine/lending/audit-actions";
import { answersPointer, ownerRole } from "@engine/lending/borrowers";
import { needsConfirmation } from "@engine/lending/early-declines";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@server/persistence/db/client";
import { transaction } from "@server/persistence/db/client";
import { preparedQuery } from "@server/persistence/db/prepared";
import { applications } from "@server/persistence/db/schema";
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
  type Decline,
  type Reason,
} from "./adverse-action";

type Address = GeneratedAddress | Record<string, unknown>;

/** The decline today's answers lead to that waits for the applicant's confirmation; null when none does. */
export function pendingDecline(
  services: Pick<Services, "defs" | "now">,
  doc: Record<string, unknown>,
  decline: Decline | null = declineOf(services.defs, doc, todayIso(services.now())),
): { ruleId: string; reasons: Reason[]; mailingAddressOnFile: boolean } | null {
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

/** How the decline comes to be issued: the applicant's confirmation, or the server's, after it waited unconfirmed too long. */
export type Issue = { at: Date } | { unconfirmedSince: string };

/** A decline made ready outside any transaction: the document with it recorded, its notice's text and PDF, and who receives it by email. */
export interface PreparedDecline {
  app: StoredApplication;
  doc: Record<string, unknown>;
  decision: Decision;
  text: string;
  pdf: Uint8Array;
  email: string | null;
}

/**
 * Records the decline today's answers make on a copy of the application as read, with its
 * delivery, and renders its notice's PDF: all before the transaction, so no PDF is made while
 * the database's write lock is held (commitDecline saves it only if the application is still at
 * the revision it was read at). Answers null when the notice must go on paper to an address
 * nobody gave: `requireAddress` refuses then; otherwise it is queued without one.
 */
export async function prepareDecline(
  services: Services,
  app: StoredApplication,
  issue: Issue,
  given: { mailTo?: Address; requireAddress: boolean },
): Promise<PreparedDecline | null> {
  const now = services.now();
  const { doc: read } = app;
  const { email, mailTo: onFile } = await ownerNoticeDelivery(services, services.db, app, read);
  const mailTo = email ? null : (onFile ?? given.mailTo ?? null);
  if (!email && !mailTo && given.requireAddress) return null;
  const declined = recordDecline(services.defs, read, now, issue);
  if (!declined) throw new Error("a decline the rules make could not be recorded");
  const { doc } = declined;
  declined.decision.delivery = email ? "email" : "mail";
  if (!email) Object.assign(declined.decision, { ...(mailTo ? { mailTo } : {}), mailedOn: null });
  const pdf = await attachNoticePdf(app.id, declined.decision, services.defs.texts);
  return { app, doc, decision: declined.decision, text: declined.text, pdf, email };
}

/**
 * Saves a prepared decline in one short transaction, with its audit row, and stops the
 * unconfirmed decline's clock; answers false, saving nothing, when the application changed since
 * it was read. The notice is delivered after the commit (`deliverPrepared`).
 */
export async function commitDecline(
  services: Services,
  prepared: PreparedDecline,
  actor: { kind: "applicant" | "system"; id: string | null; how: "confirmed" | "unconfirmed" },
): Promise<boolean> {
  const store = applicationStore(services);
  const { app, doc, decision } = prepared;
  return transaction(services.db, async (tx) => {
    if (!(await store.save(tx, app, doc, app.status))) return false;
    await stopDeclineClock(tx, app.id);
    await store.audit(tx, {
      actorKind: actor.kind,
      actorId: actor.id,
      action: auditAction("decision.declined", decision.ruleId, actor.how),
      applicationId: app.id,
      changed: ["/decisions"],
    });
    return true;
  });
}

/** Delivers a committed decline's notice (stored, then emailed or queued for paper). */
export const deliverPrepared = (services: Services, prepared: PreparedDecline) =>
  deliverNotice(services, prepared.app, prepared.email, prepared.text, prepared.pdf, {
    addressOnFile: !!prepared.decision.mailTo,
  }).catch((error: unknown) =>
    console.error(`adverse action notice: a delivery failed (${(error as Error).name})`),
  );

/**
 * The clock of a decline waiting for its confirmation (applications.pending_decline_since): started
 * by the save whose answers first lead to one, kept by later saves that still do, stopped by a
 * save that leads elsewhere and by the decision. It only times the server's issue of a decline
 * left unconfirmed (./unconfirmed-declines.ts): nothing is decided or sent while it runs.
 * `app.declineClockRuns` is the clock as the caller's transaction read the row (under its lock):
 * a clock already as asked is not written again, so nearly every save (no decline pending, no
 * clock) sends no statement for it.
 */
export async function markDeclineClock(
  tx: Db,
  app: Pick<StoredApplication, "id" | "declineClockRuns">,
  pendingAt: Date | null,
) {
  if (!!pendingAt === app.declineClockRuns) return;
  if (pendingAt)
    await tx
      .update(applications)
      .set({
        pendingDeclineSince: sql`coalesce(${applications.pendingDeclineSince}, ${pendingAt.toISOString()})`,
      })
      .where(eq(applications.id, app.id));
  else await stopDeclineClock(tx, app.id);
}

/** Run by nearly every owner's save (most leave no decline pending): prepared once, not built and prepared per save. */
const stopDeclineClockQuery = preparedQuery("stopDeclineClock", (db) =>
  db
    .update(applications)
    .set({ pendingDeclineSince: null })
    .where(and(eq(applications.id, sql.placeholder("id")), isNotNull(applications.pendingDeclineSince))),
);
const stopDeclineClock = (tx: Db, applicationId: string) => stopDeclineClockQuery(tx, { id: applicationId });

/** How many times a confirmation is prepared again when the application changes while its notice is made. */
const ATTEMPTS = 3;

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
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const app = await store.ofOwner(services.db, applicant.userId);
    if (!app) throw refuse("notFound", said("refusal.noApplication"));
    const decline = declineOf(services.defs, app.doc, todayIso(services.now()));
    if (!decline || decline.ruleId !== input.ruleId)
      throw refuse(
        "conflict",
        "Your answers no longer lead to this decision, so nothing was recorded. Continue your application.",
      );
    if (alreadyRecorded(app.doc, decline)) return (app.doc.decisions as Decision[]).at(-1)!;
    const prepared = await prepareDecline(
      services,
      app,
      { at: services.now() },
      { ...(input.mailTo ? { mailTo: input.mailTo } : {}), requireAddress: true },
    );
    if (!prepared)
      throw invalidAnswers([
        {
          pointer: "/mailTo",
          message:
            "Tell us where to mail your notice: without your consent to electronic documents we send it on paper.",
        },
      ]);
    if (
      !(await commitDecline(services, prepared, {
        kind: "applicant",
        id: applicant.userId,
        how: "confirmed",
      }))
    )
      continue; // changed while the notice was made: read it again
    await deliverPrepared(services, prepared);
    return prepared.decision;
  }
  throw refuse("conflict", said("refusal.changedMeanwhile"));
}
