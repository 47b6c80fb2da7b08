// The documents shown to an application are kept with its stored document (shared, deeply frozen)
// for the day, reader and language (server/features/esign/shown-memo.ts): a walk shows the same
// stored document the same texts several times. Held here to the documents worked out afresh (the
// same document, not shared, is never kept): every disclosure, for no reader, each borrower, in
// English and Spanish, at instants on two days of the lender's calendar, asked in turn and again,
// the very same records byte for byte; and each of those inputs changes what some document says,
// so a key that left one out would hand one reader, language or day another's text.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { setAt } from "@engine/base/pointer";
import { formatCurrency } from "@engine/base/format";
import { answersPointer } from "@engine/lending/borrowers";
import { englishHash } from "@engine/locale/hash";
import { DISCLOSURES_DIR } from "@server/features/esign/documents";
import { rescissionDay } from "@server/features/esign/rescission";
import { keptWith } from "@server/features/esign/shown-memo";
import { documentsFor } from "@server/features/esign/signatures";
import { offerOf } from "@server/features/esign/values";
import { shareDocument } from "@server/persistence/store/opened-documents";
import { repo } from "../helpers/definitions";
import { CREDIT_SCORE_USED } from "../helpers/credit-score";
import { twoBorrowers } from "../helpers/journeys";
import { datedRuleSets } from "../helpers/dated-rules";

/** The repository's set with a reviewed Spanish translation of the important terms (none is shipped yet). */
const TERMS = "content/disclosures/heloc-important-terms.md";
const english = repo.defs.texts!.get(TERMS)!;
const texts = new Map(repo.defs.texts);
texts.set(
  `content/locales/es/${TERMS}.json`,
  JSON.stringify({
    translates: TERMS,
    strings: {
      "": {
        en: englishHash(english),
        text: english
          .replace(/^title: .*$/m, "title: Términos importantes")
          .replace("{{apr}}", "TAE {{apr}}"),
        reviewed: true,
      },
    },
  }),
);
const services = { defs: { ...repo.defs, texts } };
const IDS = readdirSync(DISCLOSURES_DIR)
  .filter((f) => f.endsWith(".md"))
  .map((f) => f.slice(0, -3));
const ROLES = [undefined, "borrower", "coborrower"];
const LANGUAGES = [undefined, "en", "es"];
/** Three instants: the first two on one day where the lender is (New York), the third on the next. */
const NOWS = ["2026-12-01T15:00:00Z", "2026-12-02T03:00:00Z", "2026-12-02T15:00:00Z"].map((t) => new Date(t));

/** Both borrowers' application, each with a credit score of their own recorded. */
function application(): Record<string, unknown> {
  let doc = twoBorrowers() as unknown;
  doc = setAt(doc, `${answersPointer(services.defs, "borrower")}/creditScoreUsed`, CREDIT_SCORE_USED);
  doc = setAt(doc, `${answersPointer(services.defs, "coborrower")}/creditScoreUsed`, {
    ...CREDIT_SCORE_USED,
    score: 701,
  });
  return doc as Record<string, unknown>;
}

type Asked = { now: Date; role?: string; language?: string; id: string };
const askedOf = (id: string): Asked[] =>
  NOWS.flatMap((now) => ROLES.flatMap((role) => LANGUAGES.map((language) => ({ now, role, language, id }))));
const shown = (doc: unknown, { now, role, language, id }: Asked) =>
  JSON.stringify(documentsFor(services, doc, [id], { now, role, language }));

describe("the documents shown to a stored application", () => {
  it.each(IDS)("%s: are the records worked out afresh, asked in any order and again", (id) => {
    const stored = application();
    shareDocument(stored);
    const fresh = application();
    const asked = askedOf(id);
    const expected = asked.map((a) => shown(fresh, a));
    // Forwards, then backwards: each asked first after a different neighbour, then from what was kept.
    for (const order of [asked.map((_, i) => i), asked.map((_, i) => asked.length - 1 - i)])
      for (const i of order) expect(shown(stored, asked[i]!), JSON.stringify(asked[i])).toBe(expected[i]);
  });

  it("differ by day, reader, language and document, as the key does", () => {
    const doc = application();
    const differs = (a: Asked, b: Partial<Asked>) =>
      IDS.some((id) => shown(doc, { ...a, id }) !== shown(doc, { ...a, ...b, id }));
    const base = { now: NOWS[0]!, role: "borrower", language: "en", id: "" };
    expect(rescissionDay(services.defs, NOWS[0]!)).toBe(rescissionDay(services.defs, NOWS[1]!));
    expect(differs(base, { now: NOWS[2] })).toBe(true);
    expect(differs(base, { role: "coborrower" })).toBe(true);
    expect(differs(base, { role: undefined })).toBe(true);
    expect(differs(base, { language: "es" })).toBe(true);
    expect(new Set(IDS.map((id) => shown(doc, { ...base, id }))).size).toBe(IDS.length);
  });

  it("are copies: what a caller changes in one is not shown to the next", () => {
    const stored = application();
    shareDocument(stored);
    const ask = { now: NOWS[0]!, role: "borrower" };
    const [first] = documentsFor(services, stored, ["heloc-important-terms"], ask);
    const before = JSON.stringify(first);
    first!.values.apr = "0.00%";
    first!.sha256 = "changed";
    expect(JSON.stringify(documentsFor(services, stored, ["heloc-important-terms"], ask)[0])).toBe(before);
  });
});

describe("an answer kept with a shared document", () => {
  const from = { site: {}, lender: {} };
  const counting = () => {
    let made = 0;
    return { make: () => ++made, made: () => made };
  };

  it("is made once per document, definitions set and key", () => {
    const doc = { a: 1 };
    shareDocument(doc);
    const { make, made } = counting();
    expect(keptWith(services.defs, doc, "k", from, make)).toBe(1);
    expect(keptWith(services.defs, doc, "k", from, make)).toBe(1);
    expect(keptWith(services.defs, doc, "other", from, make)).toBe(2);
    expect(keptWith({ ...services.defs }, doc, "k", from, make)).toBe(3);
    const twin = { a: 1 };
    shareDocument(twin);
    expect(keptWith(services.defs, twin, "k", from, make)).toBe(4);
    expect(made()).toBe(4);
  });

  it("is made again once the site's or the lender's details read are others", () => {
    const doc = { a: 1 };
    shareDocument(doc);
    const { make } = counting();
    expect(keptWith(services.defs, doc, "k", from, make)).toBe(1);
    expect(keptWith(services.defs, doc, "k", { ...from, site: {} }, make)).toBe(2);
    expect(keptWith(services.defs, doc, "k", { ...from, lender: {} }, make)).toBe(3);
  });

  it("is never kept for a document that is not shared (its content may change)", () => {
    const doc = { a: 1 };
    const { make } = counting();
    expect(keptWith(services.defs, doc, "k", from, make)).toBe(1);
    expect(keptWith(services.defs, doc, "k", from, make)).toBe(2);
  });

  it("is never kept for a set whose texts the filling reads from files on disk (they may change)", () => {
    const doc = { a: 1 };
    shareDocument(doc);
    const { make } = counting();
    const fromDisk = { ...services.defs, texts: undefined };
    expect(keptWith(fromDisk, doc, "k", from, make)).toBe(1);
    expect(keptWith(fromDisk, doc, "k", from, make)).toBe(2);
  });
});

describe("the documents given on the server's day, not the machine's", () => {
  // An offer made and the appraisal notice given only before 2000 (../helpers/dated-rules.ts): the
  // machine's day is long past it; the server's clock (documentsFor's `now`) decides.
  const dated = datedRuleSets(services.defs);
  /** Two instants on one day where the lender is (New York, 31 December 1999), on two days in UTC. */
  const EVE = new Date("1999-12-31T23:00:00Z");
  const NEW_YEAR = new Date("2000-01-01T03:00:00Z");
  const given = (doc: unknown, now: Date) =>
    documentsFor({ defs: dated }, doc, ["appraisal-notice", "heloc-important-terms"], {
      now,
      role: "borrower",
    });

  it("gives the offer and the notice by the day of `now`, whatever the machine's day", () => {
    const doc = application();
    const offer = offerOf(dated, doc, "1999-12-31");
    expect(offer?.lineAmount).toBeGreaterThan(0);
    expect(offerOf(dated, doc, "2000-01-01")).toBeNull();
    const eve = given(doc, EVE);
    expect(eve.map((d) => d.id)).toEqual(["appraisal-notice", "heloc-important-terms"]);
    const offered = formatCurrency(offer!.lineAmount!);
    expect(eve[1]!.values.lineAmount).toBe(offered);
    const newYear = given(doc, NEW_YEAR);
    expect(newYear.map((d) => d.id)).toEqual(["heloc-important-terms"]);
    expect(newYear[0]!.values.lineAmount).not.toBe(offered); // the plan's range, before an offer
  });

  it("are kept by that day too, not only by the lender's day the right-to-cancel dates count from", () => {
    expect(rescissionDay(dated, EVE)).toBe(rescissionDay(dated, NEW_YEAR));
    const stored = application();
    shareDocument(stored);
    const fresh = application();
    for (const now of [EVE, NEW_YEAR, EVE])
      expect(JSON.stringify(given(stored, now))).toBe(JSON.stringify(given(fresh, now)));
  });
});
