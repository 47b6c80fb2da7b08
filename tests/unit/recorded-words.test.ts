// Words a loan file recorded from the definitions (a condition's label and description, copied from
// the catalogue, rules/conditions.json, when staff asked it) in each reader's language: the
// catalogue's words in that language while the recorded words are still the catalogue's English;
// words the catalogue no longer says stay as recorded. The status page and the condition mails
// both read them so (engine/locale/recorded-words.ts).
import { describe, expect, it } from "vitest";
import { localeOf } from "@engine/locale/locales";
import { isRecordedWords, recordedIn } from "@engine/locale/recorded-words";
import { localizedSet } from "@server/features/locale/locale";
import { conditionWords } from "@server/features/loan/conditions";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const spanish = localizedSet(defs, localeOf(defs.texts, "es")).defs;
const catalogue = (defs.params.conditions as { conditions: Record<string, { description: string }> })
  .conditions;

/** The file's condition `code` with the words recorded on it, as a Spanish and an English reader read them. */
function read(code: number, label: string, description = catalogue[String(code)]?.description ?? "") {
  const words = conditionWords(defs, { code, label, description });
  return {
    es: {
      label: recordedIn(defs, spanish, words.label),
      description: recordedIn(defs, spanish, words.description),
    },
    en: {
      label: recordedIn(defs, defs, words.label),
      description: recordedIn(defs, defs, words.description),
    },
  };
}

describe("a condition's recorded words in the reader's language", () => {
  it("gives a Spanish reader the catalogue's Spanish while the file records the catalogue's English", () => {
    const { es, en } = read(406, "Employment details");
    expect(es.label).toBe("Datos del empleo");
    expect(es.description).toMatch(/^El nombre, la dirección y el teléfono de su empleador/);
    expect(en).toEqual({ label: "Employment details", description: catalogue["406"]!.description });
  });

  it("words a document condition without a label of its own by its document type's title", () => {
    const words = conditionWords(defs, { code: 411, label: "Bank statements", description: "" });
    expect(words.label).toMatchObject({
      source: "rules/document-types.json",
      pointer: "/params/types/bank_statements/title",
    });
    expect(read(411, "Bank statements").es.label).toBe("Estados de cuenta bancarios");
  });

  it("keeps words that no longer match the catalogue's English as recorded, for every reader", () => {
    const { es, en } = read(406, "Employment details (second job)", "Your second employer's name and phone.");
    expect(es).toEqual({
      label: "Employment details (second job)",
      description: "Your second employer's name and phone.",
    });
    expect(en).toEqual(es);
    // The catalogue's English for another condition is not this one's: recorded as is.
    expect(read(406, "Bank statements").es.label).toBe("Bank statements");
  });

  it("keeps the words of a code the catalogue no longer lists as recorded", () => {
    expect(read(999, "Employment details", "Words of a retired condition.").es).toEqual({
      label: "Employment details",
      description: "Words of a retired condition.",
    });
  });

  it("reads recorded words back from a queued mail's JSON, and nothing else as them", () => {
    const { label } = conditionWords(defs, { code: 406, label: "Employment details", description: "" });
    const back = JSON.parse(JSON.stringify({ label, date: "2026-12-01" })) as Record<string, unknown>;
    expect(isRecordedWords(back.label)).toBe(true);
    expect(recordedIn(defs, spanish, back.label as typeof label)).toBe("Datos del empleo");
    expect([back.date, null, { text: "Employment details" }].some(isRecordedWords)).toBe(false);
  });
});
