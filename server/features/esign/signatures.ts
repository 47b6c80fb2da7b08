// Electronic signatures: the `recordSignatures` step effect (one row per signer in `signatures`,
// inside step.submit's transaction), the signings of an application, and the signed PDF, made
// once right after the signing commits and kept in file storage (content-addressed, pdfKey on the
// rows). Should the stored file be missing, the PDF is made again from the record and the document
// files, and only if every document's text still has the SHA-256 that was signed.
import { said } from "@engine/locale/server-words";
import { fieldSaid, refuse, invalidAnswers } from "@server/features/refusal";
import { auditAction } from "@engine/lending/audit-actions";
import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { getAt } from "@engine/base/pointer";
import { todayIso } from "@engine/base/dates";
import { evaluateRuleSet } from "@engine/logic/rules";
import type { Db } from "@server/persistence/db/client";
import { signatures } from "@server/persistence/db/schema";
import type { Services } from "@server/services";
import { keepFile } from "../uploads/kept-files";
import { sha256Hex } from "@server/persistence/storage";
import { applicationStore } from "@server/persistence/store/applications";
import type { EffectRun } from "../steps/effects";
import {
  frontMatterOf,
  MISSING_VALUE,
  readDisclosure,
  readDisclosureIn,
  recordedText,
  signedDocument,
  type SignedDocumentRecord,
} from "./documents";
import { signedPdfOffThread } from "./pdf-pool";
import { signedAnswersOf } from "./signed-answers";
import { rescissionDay, rescissionFor } from "./rescission";
import { readLenderProfile } from "@engine/lending/lender-file";
import { disclosureValues, offerOf, readerValues, siteDetails } from "./values";
import { keptWith } from "./shown-memo";
import { errorKind } from "@server/platform/observability/log";

export type SignatureRow = typeof signatures.$inferSelect;
export type Signer = SignatureRow["signer"];

/** One signing: the rows one submit of the sign step recorded (one per signer, same time). */
export interface Signing {
  applicationId: string;
  signedAt: Date;
  rows: SignatureRow[];
  documents: SignedDocumentRecord[];
}

const MAX_USER_AGENT = 512;

/**
 * The documents of a step as shown to this application now: each with its version, the values of
 * its tokens and the SHA-256 of its filled text. Throws when a document file is missing (a
 * deployment fault: `npm test` checks every effect's documents exist). Worked out once per shared
 * (frozen) document, days, role, language and document (./shown-memo.ts): the same stored document
 * is shown the same texts several times on a walk.
 */
export function documentsFor(
  services: Pick<Services, "defs">,
  doc: unknown,
  ids: readonly string[],
  { now, role, language }: { now: Date; role?: string; language?: string },
) {
  const { defs } = services;
  // What the filling reads besides the document, not the instant: the day the rule sets decide on
  // (the offer, whether a document is given: the server's day, as every rule set on a request), the
  // day the right-to-cancel dates count from (the lender's, in its time zone), both in every key;
  // the site and lender details as they read now (re-read on every call).
  const today = todayIso(now);
  const days = [today, rescissionDay(defs, now)];
  const from = { site: siteDetails(), lender: readLenderProfile() };
  // Those of every reader, then the reader's own (role: the borrower reading or signing, their own
  // credit score in the FCRA 609(g) notice): a document shown to no one in particular (a consent)
  // and the same one shown to the borrower share the first.
  const everyone = keptWith(defs, doc, JSON.stringify(["values", days]), from, () =>
    disclosureValues(defs, doc, { today, rescission: rescissionFor(defs, doc, { now }), ...from }),
  );
  const values = role
    ? keptWith(defs, doc, JSON.stringify(["values", days, role]), from, () => ({
        ...everyone,
        ...readerValues(defs, doc, role),
      }))
    : everyone;
  return ids.flatMap((id) => {
    const key = JSON.stringify(["document", days, role ?? null, language ?? null, id]);
    const shown = keptWith(defs, doc, key, from, () => {
      // In the reader's language only from a reviewed translation; else English (the record says which).
      const source = readDisclosureIn(id, defs.texts, language);
      if (!source) throw refuse("misconfigured", `disclosure "${id}" is missing`);
      return applies(defs, source.appliesWhen, doc, today) ? signedDocument(source, values) : null;
    });
    // A copy each: what a caller records or changes is never the kept one.
    return shown ? [{ ...shown, values: { ...shown.values } }] : [];
  });
}

/**
 * Whether a document with this appliesWhen ("<rule set>.<output>") is given to this application on
 * `today` (the server's day). A rule set that cannot read the answers yet gives the document: a
 * notice given once too often harms no one, one left out may breach the rule it serves.
 */
function applies(
  defs: Services["defs"],
  appliesWhen: string | undefined,
  doc: unknown,
  today: string,
): boolean {
  if (!appliesWhen) return true;
  const [ruleSet, output] = appliesWhen.split(".") as [string, string | undefined];
  if (!defs.ruleSets.has(ruleSet) || !output)
    throw refuse("misconfigured", `appliesWhen "${appliesWhen}" names no rule output`);
  try {
    return Boolean(evaluateRuleSet(defs, ruleSet, doc as Record<string, unknown>, { today }).outputs[output]);
  } catch {
    return true;
  }
}

/**
 * The `recordSignatures` effect: the signature of the borrower saving the step, in their own
 * session (each borrower signs for themselves): their typed name, the server's time, their
 * connection's IP and browser, the exact texts signed, and fingerprints of the answers it covers.
 */
export async function recordSignatures({
  effect,
  tx,
  services,
  application,
  doc,
  request,
  now,
  role,
  actorId,
}: EffectRun) {
  const pointer = effect.signers?.[role];
  const typed = pointer ? getAt(doc, pointer) : undefined;
  if (!pointer || typeof typed !== "string" || typed.trim() === "")
    throw invalidAnswers([fieldSaid(pointer ?? "", said("refusal.sign.typeName"))]);
  const shown = documentsFor(services, doc, effect.documents ?? [], {
    now,
    role,
    language: request.language,
  });
  // A live lender never has a disclosure signed with a figure missing ("[not available yet]"). The
  // terms signed state the applicant's own offer: without one they carry only the plan's ranges
  // (as given before the first credit question), which are not terms to sign.
  const noOffer = offerOf(services.defs, doc, todayIso(now)) === null;
  const incomplete = shown.filter(
    (d) => d.text.includes(MISSING_VALUE) || (noOffer && Object.hasOwn(d.values, "lineAmount")),
  );
  if (services.config.production && incomplete.length)
    throw refuse(
      "notNow",
      said("refusal.disclosures.incompleteToSign", {
        titles: { list: incomplete.map((d) => ({ text: d.title })) },
      }),
    );
  const documents = shown.map(({ text: _text, ...record }) => record);
  const id = randomUUID();
  await tx.insert(signatures).values({
    id,
    applicationId: application.id,
    signer: role as Signer,
    typedName: typed.trim(),
    documents: JSON.stringify(documents),
    ip: request.ip && request.ip !== "unknown" ? request.ip : null,
    userAgent: request.userAgent ? request.userAgent.slice(0, MAX_USER_AGENT) : null,
    signedAt: now,
    pdfKey: null,
    // The definitions the signed answers were checked against (the audit trail traces it).
    definitionsVersion: services.definitionsVersion,
    covered: JSON.stringify(signedAnswersOf(services).fingerprints(effect.covers ?? [], doc)),
  });
  await applicationStore(services).audit(tx, {
    actorKind: "applicant",
    actorId: actorId ?? application.ownerId,
    action: auditAction("esign.signed", role),
    applicationId: application.id,
    changed: [pointer],
  });
  // Once committed: the signed PDF, made from the texts as they are at this moment.
  return async () => {
    await signedPdf(services, application.id, id);
  };
}

async function signingAt(
  db: Db,
  applicationId: string,
  signedAt: Date,
  signer?: string,
): Promise<Signing | null> {
  const where = and(
    eq(signatures.applicationId, applicationId),
    eq(signatures.signedAt, signedAt),
    signer ? eq(signatures.signer, signer as Signer) : undefined,
  );
  const rows = (await db.select().from(signatures).where(where)).sort(
    (a, b) => a.signer.localeCompare(b.signer) || a.id.localeCompare(b.id),
  );
  if (!rows.length) return null;
  return {
    applicationId,
    signedAt,
    rows,
    documents: JSON.parse(rows[0]!.documents) as SignedDocumentRecord[],
  };
}

/**
 * The latest standing signing of an application (re-signing records a new one; the latest counts;
 * a voided one no longer stands), of one signer when given.
 */
export async function latestSigning(db: Db, applicationId: string, signer?: string): Promise<Signing | null> {
  const where = and(
    eq(signatures.applicationId, applicationId),
    isNull(signatures.voidedAt),
    signer ? eq(signatures.signer, signer as Signer) : undefined,
  );
  const [row] = await db
    .select({ signedAt: signatures.signedAt })
    .from(signatures)
    .where(where)
    .orderBy(desc(signatures.signedAt))
    .limit(1);
  return row ? signingAt(db, applicationId, row.signedAt, signer) : null;
}

/** The signing a signature belongs to, when it is one of this application's (and the signer's, when given). */
export async function signingOf(
  db: Db,
  applicationId: string,
  signatureId: string,
  signer?: string,
): Promise<Signing | null> {
  const [row] = await db
    .select({ signedAt: signatures.signedAt, signer: signatures.signer })
    .from(signatures)
    .where(and(eq(signatures.id, signatureId), eq(signatures.applicationId, applicationId)));
  if (!row || (signer !== undefined && row.signer !== signer)) return null;
  return signingAt(db, applicationId, row.signedAt, row.signer);
}

export type PdfResult =
  { ok: true; bytes: Uint8Array; signing: Signing } | { ok: false; status: 404 | 409; message: string };

/** Makes the PDF of a signing from its record; refuses when a document is no longer the text signed. */
export async function renderSigning(
  signing: Signing,
  texts?: ReadonlyMap<string, string>,
): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; message: string }> {
  const documents = [];
  for (const record of signing.documents) {
    const made = recordedText(record, texts);
    if (!made.ok) return { ok: false, message: made.reason };
    documents.push({ ...record, body: frontMatterOf(made.text).body });
  }
  const bytes = await signedPdfOffThread({
    applicationId: signing.applicationId,
    lenderName: readLenderProfile().legalName,
    documents,
    signers: signing.rows.map((r) => ({
      signatureId: r.id,
      signer: r.signer,
      typedName: r.typedName,
      signedAt: r.signedAt,
      ip: r.ip,
      userAgent: r.userAgent,
    })),
  });
  return { ok: true, bytes };
}

/**
 * The signed PDF of a signing (`latest`, or the one a signature id belongs to) of this
 * application; with `signer`, only that borrower's own (each borrower reads their own signature).
 */
export async function signedPdf(
  services: Services,
  applicationId: string,
  signatureId: string | "latest",
  signer?: string,
): Promise<PdfResult> {
  const { db, storage } = services;
  const signing =
    signatureId === "latest"
      ? await latestSigning(db, applicationId, signer)
      : await signingOf(db, applicationId, signatureId, signer);
  if (!signing) return { ok: false, status: 404, message: "There is no signed copy of your disclosures yet" };
  const key = signing.rows.find((r) => r.pdfKey)?.pdfKey;
  if (key) {
    const stored = await storage.get(key);
    if (stored && sha256Hex(stored) === key) return { ok: true, bytes: stored, signing };
  }
  const made = await renderSigning(signing, services.defs.texts);
  if (!made.ok)
    return {
      ok: false,
      status: 409,
      message: `We cannot rebuild your signed copy: ${made.message}. Contact us and we will send it to you.`,
    };
  try {
    const { key: storedKey } = await keepFile(services, made.bytes, "signedCopy");
    await db
      .update(signatures)
      .set({ pdfKey: storedKey })
      .where(and(eq(signatures.applicationId, applicationId), eq(signatures.signedAt, signing.signedAt)));
  } catch (error) {
    services.log.error({ err: errorKind(error) }, "esign: the signed PDF could not be stored");
  }
  return { ok: true, bytes: made.bytes, signing };
}
