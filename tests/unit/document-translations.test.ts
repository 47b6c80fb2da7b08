// Document names and condition answer forms as translated sources (issue 41): the catalogue's words
// an applicant reads (rules/document-types.json), the words the documents rules join into a label
// (rules/documents.json params.labelWords) and an answer form's own words (rules/conditions.json
// params.answerForms) are counted, translated and served like a step's; stale ones show the English.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { buildDefinitions, type Definitions } from "@engine/definitions/definitions";
import { createAjv } from "@engine/definitions/ajv";
import { englishHash } from "@engine/locale/hash";
import { localeOf } from "@engine/locale/locales";
import { localizeFiles } from "@engine/locale/localize";
import { englishStrings, translationProblems, translationReport } from "@engine/lint/translations";
import { documentTitle, idTypeTitle } from "@engine/lending/catalogue";
import { requirementsOf } from "@engine/lending/documents";
import { formToShow } from "@engine/lending/condition-forms";
import { localizedSet } from "@server/features/locale/locale";
import { localeContent } from "@web/build/locale-content-plugin";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const es = localeOf(defs.texts, "es");
const spanish = () => localizedSet(defs, es).defs;
const CATALOGUE = "rules/document-types.json";
const TRANSLATION = "content/locales/es/rules/document-types.json";
const TWO_BORROWERS = JSON.parse(
  readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
) as Record<string, unknown>;

const pointersOf = (set: Definitions, source: string) =>
  englishStrings(set.files, set.texts)
    .filter((s) => s.source === source)
    .map((s) => s.pointer);

/** The repository's set with one rule file changed by `edit`. */
function withRule(file: string, edit: (json: any) => void): Definitions {
  const json = structuredClone(defs.files.rules[file]);
  edit(json);
  return { ...defs, files: { ...defs.files, rules: { ...defs.files.rules, [file]: json } } };
}

describe("the document catalogue's words", () => {
  it("counts each document type's title, label and why we ask, and each photo ID type's title; not the catalogue's own title, counts or sides", () => {
    const pointers = pointersOf(defs, CATALOGUE);
    expect(pointers).toContain("/params/types/paystub/title");
    expect(pointers).toContain("/params/types/paystub/label");
    expect(pointers).toContain("/params/types/paystub/applicantText");
    expect(pointers).toContain("/params/idTypes/driver_license/title");
    expect(pointers.filter((p) => !/\/(title|label|applicantText)$/.test(p))).toEqual([]);
    expect(pointers).not.toContain("/title");
    expect(pointers).not.toContain("/description");
    expect(pointersOf(defs, "rules/documents.json")).toEqual([
      "/params/labelWords/w2Years",
      "/params/labelWords/w2And",
      "/params/labelWords/idFrontAndBack",
      "/params/labelWords/idPhotoPageOnly",
      "/params/labelWords/forProperty",
    ]);
  });

  it("has every one of them translated into Spanish and current", () => {
    const [report] = translationReport(defs);
    expect(report!.missing.filter((m) => /^rules\/document/.test(m.source))).toEqual([]);
    expect(report!.stale).toEqual([]);
  });

  it("names a document and a photo ID type in Spanish in the Spanish set, as the Spanish enumerations do; the English set unchanged", () => {
    expect(documentTitle(spanish(), "paystub")).toBe("Talones de pago");
    expect(documentTitle(defs, "paystub")).toBe("Pay stubs");
    expect(idTypeTitle(spanish(), "driver_license")).toBe("Licencia de conducir");
    // One name per document in each language: the catalogue's title is the enumeration's title.
    const enums = spanish().files.schemas["enums.json"] as {
      $defs: Record<string, { oneOf: { const: string; title: string }[] }>;
    };
    for (const { const: type, title } of enums.$defs.documentType!.oneOf)
      expect(documentTitle(spanish(), type)).toBe(title);
    for (const { const: type, title } of enums.$defs.idDocumentSubtype!.oneOf)
      expect(idTypeTitle(spanish(), type)).toBe(title);
  });

  it("labels the requirements in Spanish from the same rules: the W-2 forms' years and the photo ID's sides", () => {
    const today = "2026-11-29";
    const inSpanish = requirementsOf(spanish(), TWO_BORROWERS, today);
    const inEnglish = requirementsOf(defs, TWO_BORROWERS, today);
    expect(inSpanish.map((r) => [r.documentType, r.borrower])).toEqual(
      inEnglish.map((r) => [r.documentType, r.borrower]),
    );
    const labels = inSpanish.map((r) => r.label);
    expect(labels).toContain("Formularios W-2 de 2024 y 2025");
    expect(inEnglish.map((r) => r.label)).toContain("W-2 forms for 2024 and 2025");
    expect(labels.some((l) => l.endsWith(", anverso y reverso"))).toBe(true);
  });

  it("reports a translation stale when its English changes, and shows the English until it is brought up to date", () => {
    const changed = withRule("document-types.json", (json) => {
      json.params.types.paystub.label = "Your pay stubs from the last 30 days";
    });
    const [report] = translationReport(changed);
    expect(report!.stale).toEqual([
      expect.objectContaining({
        file: TRANSLATION,
        pointer: "/strings/~1params~1types~1paystub~1label",
        message: expect.stringContaining("Your pay stubs from the last 30 days"),
      }),
    ]);
    const localized = localizeFiles(changed.files, changed.texts, es).files.rules["document-types.json"] as {
      params: { types: Record<string, { title: string; label: string }> };
    };
    expect(localized.params.types.paystub!.label).toBe("Your pay stubs from the last 30 days");
    expect(localized.params.types.paystub!.title).toBe("Talones de pago");
  });

  it("refuses a translation of a document type the catalogue does not have", () => {
    const texts = new Map(defs.texts);
    const file = JSON.parse(texts.get(TRANSLATION)!);
    file.strings["/params/types/paystubs/label"] = { en: "0000000000000000", text: "Talones" };
    texts.set(TRANSLATION, JSON.stringify(file, null, 2));
    const messages = translationProblems({ ...defs, texts }).map(
      (p) => `${p.file}#${p.pointer}: ${p.message}`,
    );
    expect(messages).toEqual([
      `${TRANSLATION}#/strings/~1params~1types~1paystubs~1label: rules/document-types.json has no English text at "/params/types/paystubs/label" to translate`,
    ]);
  });
});

describe("a condition answer form's own words", () => {
  const FORM = "/params/answerForms/long_text";

  it("counts a word its UI schema or a schema written in place shows; not the form's description, which is for the catalogue's editors", () => {
    const formWords = (set: Definitions) =>
      pointersOf(set, "rules/conditions.json").filter((p) => p.startsWith("/params/answerForms/"));
    expect(formWords(defs)).toEqual([]);
    const worded = withRule("conditions.json", (json) => {
      json.params.answerForms.long_text.uiSchema.text["ui:help"] = "A few sentences are enough.";
      json.params.answerForms.long_text.schema = { title: "In your words", type: "object" };
    });
    expect(formWords(worded)).toEqual([`${FORM}/schema/title`, `${FORM}/uiSchema/text/ui:help`]);
    const [report] = translationReport(worded);
    expect(report!.missing.filter((m) => m.source === "rules/conditions.json")).toEqual([
      expect.objectContaining({ pointer: `${FORM}/schema/title`, en: englishHash("In your words") }),
      expect.objectContaining({ pointer: `${FORM}/uiSchema/text/ui:help` }),
    ]);
  });

  it("draws the form with its translated words for a reader of that language", () => {
    const help = "A few sentences are enough.";
    const worded = withRule("conditions.json", (json) => {
      json.params.answerForms.long_text.uiSchema.text["ui:help"] = help;
    });
    const texts = new Map(worded.texts);
    texts.set(
      "content/locales/es/rules/conditions.json",
      JSON.stringify({
        translates: "rules/conditions.json",
        strings: {
          [`${FORM}/uiSchema/text/ui:help`]: { en: englishHash(help), text: "Bastan unas frases." },
        },
      }),
    );
    const set = { ...worded, texts };
    expect(translationProblems(set)).toEqual([]);
    const inSpanish = formToShow(localizedSet(set, es).defs, "long_text")!;
    expect((inSpanish.uiSchema.text as Record<string, string>)["ui:help"]).toBe("Bastan unas frases.");
    expect((inSpanish.schema.properties as Record<string, { title: string }>).text!.title).toBe(
      "Su respuesta",
    );
    // The English reader's form, built from the same files, keeps the English.
    const english = buildDefinitions(worded.files, { trusted: true, compiler: createAjv }).defs;
    expect((formToShow(english, "long_text")!.uiSchema.text as Record<string, string>)["ui:help"]).toBe(help);
  });
});

describe("the right-to-cancel page's own words (content/right-to-cancel.json)", () => {
  const SOURCE = "content/right-to-cancel.json";
  const FILE = "content/locales/es/content/right-to-cancel.json";

  it("counts each of its words, and the web build's Spanish module holds them", () => {
    const pointers = englishStrings(defs.files, defs.texts)
      .filter((s) => s.source === SOURCE)
      .map((s) => s.pointer);
    expect(pointers).toContain("/page/title");
    expect(pointers).toContain("/page/period");
    const spanishPage = localeContent("es").content[SOURCE]!;
    expect(spanishPage["/page/title"]).toBe("Su derecho a cancelar");
    expect(spanishPage["/page/period"]).toBe(
      "Puede cancelar hasta la medianoche del {{endDate}}. El primer día en que podríamos enviarle un primer desembolso es el {{earliestDisbursementDate}}.",
    );
  });

  it("refuses a translation that drops a date the English writes, or writes one the page does not fill", () => {
    const texts = new Map(defs.texts);
    const file = JSON.parse(texts.get(FILE)!);
    file.strings["/page/period"].text = "Puede cancelar hasta la medianoche.";
    file.strings["/page/ended"].text = "El plazo terminó el {{endDate}} a las {{hour}}.";
    texts.set(FILE, JSON.stringify(file, null, 2));
    const problems = translationProblems({ ...defs, texts });
    expect(problems.map((p) => p.pointer)).toEqual([
      "/strings/~1page~1period/text",
      "/strings/~1page~1ended/text",
    ]);
    expect(problems[0]!.message).toContain("endDate");
    expect(problems[1]!.message).toContain("hour");
  });
});
