// The `giveDisclosures` step effect: the step shows the documents it lists and this records that
// they were given, as shown to this application: each text's version, the SHA-256 of the filled
// text and of the file, its figures, the server time and the borrower it went to. Which texts a
// step gives, and where the record goes, is the step file's (effects: documents, recordAt); the
// account-setup consent step gives the Regulation Z 1026.40(d) important terms, the CFPB booklet
// (1026.40(b), (e): when the application is provided) and the ECOA valuation notice where it
// applies (Regulation B 1002.14(a)(1)). Recorded before the save, with the step's answers.
import { said } from "@engine/locale/server-words";
import { fieldSaid, invalidAnswers, refuse } from "@server/features/refusal";
import { auditAction } from "@engine/lending/audit-actions";
import { getAt } from "@engine/base/pointer";
import type { EffectHandler } from "../steps/effects";
import { applicationStore } from "@server/persistence/store/applications";
import { MISSING_VALUE } from "./documents";
import { documentsFor } from "./signatures";

/** One text given (schemas/disclosures-given.json). */
export interface GivenDisclosure {
  document: string;
  title: string;
  version: string;
  /** The language the text was given in (absent on records made before it was kept). */
  language?: string;
  sha256: string;
  sourceSha256: string;
  values: Record<string, string>;
  givenAt: string;
  givenTo: string;
  /** The step that showed it; absent for a notice sent from the portal. */
  step?: string;
  /** Portal staff who sent it (the FCRA 609(g) notice once they record the score). */
  sentBy?: { kind: "portal"; id: string; name: string };
}

/** One text opened where a step requires it (schemas/disclosures-given.json opened). */
export interface OpenedDisclosure {
  document: string;
  version: string;
  language: string;
  sha256: string;
  openedAt: string;
  openedBy: string;
  step: string;
}

/** The texts opened on this application so far (at the effect's openedAt). */
export const openedDisclosures = (doc: unknown, pointer: string | undefined): OpenedDisclosure[] => {
  const list = pointer ? getAt(doc, pointer) : undefined;
  return Array.isArray(list) ? (list as OpenedDisclosure[]) : [];
};

/** The texts given on this application so far (at the effect's recordAt). */
export const givenDisclosures = (doc: unknown, pointer: string): GivenDisclosure[] => {
  const list = getAt(doc, pointer);
  return Array.isArray(list) ? (list as GivenDisclosure[]) : [];
};

export const giveDisclosures: EffectHandler = {
  async check({ effect, step, services, stored, now, role }) {
    const pointer = effect.recordAt!;
    const shown = documentsFor(services, stored, effect.documents ?? [], { now, role });
    // A live lender never gives these with a figure missing: the applicant would not have the terms.
    const incomplete = shown.filter((d) => d.text.includes(MISSING_VALUE));
    if (services.config.production && incomplete.length)
      throw refuse(
        "notNow",
        said("refusal.disclosures.incompleteToApply", {
          titles: { list: incomplete.map((d) => ({ text: d.title })) },
        }),
      );
    // A text the step says must be opened (the CFPB booklet) is given only once this borrower opened
    // the very text shown (its SHA-256): a link the applicant could skip is not a giving.
    const opened = openedDisclosures(stored, effect.openedAt);
    const unopened = shown.filter(
      (d) =>
        (effect.mustOpen ?? []).includes(d.id) &&
        !opened.some((o) => o.document === d.id && o.sha256 === d.sha256 && o.openedBy === role),
    );
    if (unopened.length)
      throw invalidAnswers(
        unopened.map((d) =>
          fieldSaid(effect.openedAt!, said("refusal.disclosures.openFirst", { title: { text: d.title } })),
        ),
      );
    const before = givenDisclosures(stored, pointer);
    // Each borrower is given each text once: the same text already given to the other borrower
    // (the privacy notice, at each one's own account setup) is still given to this one.
    const known = new Set(before.filter((g) => g.givenTo === role).map((g) => g.sha256));
    const given = shown
      .filter((d) => !known.has(d.sha256))
      .map(({ id, title, version, language, sha256, sourceSha256, values }): GivenDisclosure => ({
        document: id,
        title,
        version,
        language,
        sha256,
        sourceSha256,
        values,
        givenAt: now.toISOString(),
        givenTo: role,
        step: step.id,
      }));
    return given.length ? { [pointer]: [...before, ...given] } : {};
  },
  async record({ effect, tx, services, application, doc, actorId, now }) {
    // In the audit trail as well: what was given this time (the check stamped it with this save's time).
    const given = givenDisclosures(doc, effect.recordAt!).filter((g) => g.givenAt === now.toISOString());
    if (given.length)
      await applicationStore(services).audit(tx, {
        actorKind: "applicant",
        actorId: actorId ?? application.ownerId,
        action: auditAction("disclosures.given", given.map((g) => g.document).join(",")),
        applicationId: application.id,
        changed: [effect.recordAt!],
      });
  },
};
