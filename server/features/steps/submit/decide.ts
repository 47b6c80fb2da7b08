// Phase 5 of step.submit, decide and save: where the reader goes next along their own path and the
// application's status, saved in the transaction. A visitor's first saved answer starts a guest
// account, application and session.
import { admitGuest } from "@server/features/messaging/guests";
import { doneSteps, type Journey } from "@engine/funnel/journey";
import { chooseVariant, flowOf } from "@engine/funnel/funnel";
import type { Db } from "@server/persistence/db/client";
import { applicationStore, type StoredApplication } from "@server/persistence/store/applications";
import { memberStore, type Reader } from "@server/features/members/store";
import { journeyFor, ownerJourney, readerCompleted, readerFacts, statusOf, withStep } from "../journey";
import type { AfterCommit } from "./after-commit";
import { auditOfSave } from "./record";
import type { Merged } from "./merge";
import { declineOf, type Decline } from "@server/features/decisions/adverse-action";
import { OWNER_SAVE_STEPS, type OwnerSave } from "./owner-save-steps";
import { routeAfter, ruleOf, stayOn } from "./route";
import { derivedFrom } from "@engine/logic/same-reads";
import { isShared } from "@server/persistence/store/opened-documents";
import { staleRevision, type Submission, type SubmitResult } from "./submission";

export interface Decided {
  app: StoredApplication;
  saved: Omit<SubmitResult, "voided">;
  /** The owner's path after this save: submitted when the last act it asks is in. */
  ownerAfter: Journey;
}

/**
 * The document to be saved, shared before it is walked: the next page's read walks the same
 * document (handed on). Derived from the stored one, both fixed: the rule sets its walk reads are
 * taken from the stored one where they read nothing the save changed (engine/logic/same-reads.ts).
 */
function shareDerived(services: Submission["services"], m: Merged): void {
  applicationStore(services).shareBeforeSave(m.doc);
  if (isShared(m.stored) && isShared(m.doc)) derivedFrom(m.doc, m.stored);
}

/**
 * A member's save changes their part and their own path; the owner's revision stays (their open
 * page is not stale), and the owner's status follows what the member's answers decide.
 */
export async function saveMember(s: Submission, tx: Db, m: Merged, ownerDone: string[]): Promise<Decided> {
  const { services } = s;
  const reader = m.reader as Reader & { member: NonNullable<Reader["member"]> };
  const { app, member } = reader;
  // A part leaves the step due: nothing is added to what they have saved.
  const completed = s.section
    ? readerCompleted(services, reader)
    : withStep(readerCompleted(services, reader), s.step.id);
  shareDerived(services, m);
  const journey = journeyFor(services, reader, m.doc, completed);
  const owner = ownerJourney(services, app, m.doc, ownerDone);
  const options = { bumpRevision: false, completed: ownerDone, audit: auditOfSave(s, m, app) };
  if (
    !(await applicationStore(services).save(
      tx,
      app,
      m.doc,
      statusOf(owner, app.status),
      app.recheck,
      options,
    ))
  )
    throw staleRevision();
  const members = memberStore(services);
  if (!(await (s.section ? members.touched(tx, member) : members.saved(tx, member, s.step.id))))
    throw staleRevision();
  const facts = readerFacts(services, {
    ...reader,
    member: { ...member, completed: JSON.stringify(completed) },
  });
  return {
    app,
    ownerAfter: owner,
    saved: {
      ...(s.section
        ? stayOn(s)
        : routeAfter(s, journey, m.wasDue ? journey.due : null, ruleOf(s, m.doc, app, reader.part))),
      revision: member.revision + 1,
      applicationStatus: facts.applicationStatus,
    },
  };
}

/** A visitor's first answer: a guest account, its application in a chosen flow variant, and a session. */
async function startGuest(s: Submission, tx: Db, after: AfterCommit): Promise<StoredApplication> {
  const { defs, auth, config } = s.services;
  const flowId = flowOf(defs, s.step.id);
  // The variant the visitor has been shown counted (their browser's draw), else a fresh draw.
  const draw = ("variantDraw" in s.input ? s.input.variantDraw : undefined) ?? Math.random();
  const variant = flowId ? chooseVariant(defs, flowId, draw, config.funnelVariant) : null;
  // An IP address and its network start only so many (counted before the transaction for a visitor
  // without a session; here for an account that has no application).
  if (!s.guestAdmitted) await admitGuest(s.services, s.ctx.ip);
  const app = await applicationStore(s.services).createGuest(tx, s.step.id, variant);
  const { token, session } = await auth.applicant.sessions.create(app.ownerId, tx);
  after.session = { token, expiresAt: session.expiresAt };
  return app;
}

/** The owner's save (or a visitor's first): their path, the status, the re-check still open, and the domain's save steps. */
export async function saveOwner(
  s: Submission,
  tx: Db,
  m: Merged,
  ownerDone: string[],
  after: AfterCommit,
): Promise<Decided> {
  const app = m.reader ? m.reader.app : await startGuest(s, tx, after);
  const completed = s.section ? ownerDone : withStep(m.reader ? ownerDone : [], s.step.id);
  shareDerived(s.services, m);
  const journey = ownerJourney(s.services, app, m.doc, completed);
  // While a re-check is open, the steps still listed are those not answered again yet.
  const listed = app.recheck?.steps.filter((id) => !completed.includes(id) || id === s.step.id) ?? [];
  const left = listed.filter((id) => (s.section || id !== s.step.id) && !doneSteps(journey).includes(id));
  const status = statusOf(journey, app.status);
  let decline: Decline | null | undefined;
  const save: OwnerSave = {
    s,
    tx,
    app,
    stored: m.stored,
    doc: m.doc,
    status,
    decline: () => (decline === undefined ? (decline = declineOf(s.services.defs, m.doc, s.today)) : decline),
  };
  const onceSaved = [];
  for (const step of OWNER_SAVE_STEPS) onceSaved.push(await step.beforeSave(save));
  const recheck = left.length ? { steps: left } : null;
  // A step records what it adds (a decline) in a new document, never in place: the saved one is
  // save.doc, and it is the document to be saved that the phases after this one read (as the
  // signing step's answer removed, ./merge.ts): the effects, the submission, the other readers.
  const audit = auditOfSave(s, m, app);
  if (!(await applicationStore(s.services).save(tx, app, save.doc, status, recheck, { completed, audit })))
    throw staleRevision();
  m.doc = save.doc;
  for (const then of onceSaved) {
    const later = then ? await then() : undefined;
    if (later) after.work.push(later);
  }
  return {
    app,
    ownerAfter: journey,
    saved: {
      ...(s.section
        ? stayOn(s)
        : routeAfter(
            s,
            journey,
            app.recheck || m.wasDue ? journey.due : null,
            ruleOf(s, m.doc, app, m.part),
          )),
      revision: app.revision + 1,
      applicationStatus: status,
    },
  };
}
