import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { givesCode, hmdaCodes, readHmdaTable } from "@engine/lending/hmda";
import { legacyScalarFields, readLegacyScalars } from "@engine/definitions/legacy-answers";
import { REPO_ROOT } from "@engine/definitions/load";
import { createStepValidator } from "@engine/validation/validate";
import { repo } from "../helpers/definitions";

const table = readHmdaTable();
const readSchema = (file: string) => JSON.parse(readFileSync(join(REPO_ROOT, "schemas", file), "utf8"));
const properties = readSchema("demographics.json").properties as Record<string, Record<string, any>>;
const enums = readSchema("enums.json").$defs as Record<string, { oneOf: { const: string }[] }>;
const entries = Object.entries(table.groups).flatMap(([group, g]) =>
  g.codes.map((entry) => ({ group, ...entry })),
);

/** Every answer a person can store in a coded field: a flag checked, or a non-empty set of a list's values. */
function storableAnswers(): { field: string; value: unknown }[] {
  const out: { field: string; value: unknown }[] = [];
  for (const [field, schema] of Object.entries(properties)) {
    if (schema.type === "boolean") out.push({ field, value: true });
    if (schema.type === "array") {
      const values = enums[String(schema.items.$ref).split("/").pop()!]!.oneOf.map((o) => o.const);
      for (let mask = 1; mask < 1 << values.length; mask++)
        out.push({ field, value: values.filter((_, i) => mask & (1 << i)) });
    }
  }
  return out;
}

describe("the HMDA code table (content/hmda-codes.json)", () => {
  it("lists exactly the CFPB codes of ethnicity, race and sex", () => {
    const codes = (group: string) => table.groups[group]!.codes.map((c) => c.code).sort();
    expect(codes("ethnicity")).toEqual(["1", "11", "12", "13", "14", "2", "3", "4"].sort());
    expect(codes("race")).toEqual(
      [
        "1",
        "2",
        "21",
        "22",
        "23",
        "24",
        "25",
        "26",
        "27",
        "3",
        "4",
        "41",
        "42",
        "43",
        "44",
        "5",
        "6",
        "7",
      ].sort(),
    );
    expect(codes("sex")).toEqual(["1", "2", "3", "4", "6"]);
  });

  it("gives every answer of the demographics fields exactly one HMDA code", () => {
    for (const { field, value } of storableAnswers()) {
      const matches = entries.filter((entry) => givesCode(entry, { [field]: value }));
      expect(
        matches.map((m) => `${m.group} ${m.code}`),
        `${field} = ${JSON.stringify(value)}`,
      ).toHaveLength(1);
    }
  });

  it("gives every HMDA code exactly one answer, or says why none is collected", () => {
    const answers = storableAnswers();
    for (const entry of entries) {
      if (entry.notCollected) {
        expect(entry.field, `${entry.group} ${entry.code}`).toBeUndefined();
        continue;
      }
      expect(Object.keys(properties), `${entry.group} ${entry.code}`).toContain(entry.field);
      const matching = answers.filter(({ field, value }) => givesCode(entry, { [field]: value }));
      expect(matching, `${entry.group} ${entry.code}`).toHaveLength(1);
    }
  });

  it("names every free-text origin field, and only fields that exist", () => {
    const texts = Object.values(table.groups).flatMap((g) => (g.texts ?? []).map((t) => t.field));
    const freeText = Object.entries(properties)
      .filter(([, s]) => s.type !== "boolean" && s.type !== "array")
      .map(([f]) => f);
    expect(texts.sort()).toEqual(freeText.sort());
  });
});

describe("the HMDA codes of an applicant's answers", () => {
  const demographics = createStepValidator(repo.defs, "application7");
  const alone = { application: { setup: { hasCoborrower: false } }, today: "2026-11-24" };

  it("records both sexes when the applicant picks both", () => {
    const answers = { user: { demographics: { gender: ["female", "male"] } } };
    expect(demographics(answers, alone).valid).toBe(true);
    expect(hmdaCodes(answers.user.demographics, table).sex).toEqual(["6"]);
    expect(hmdaCodes({ gender: ["male"] }, table).sex).toEqual(["1"]);
  });

  it("tells an explicit 'Not Hispanic or Latino' from a box left untouched", () => {
    expect(hmdaCodes({ isNotHispanicOrLatino: true }, table).ethnicity).toEqual(["2"]);
    expect(hmdaCodes({}, table).ethnicity).toEqual(["3"]);
    expect(hmdaCodes({ isHispanicOrLatino: false }, table).ethnicity).toEqual(["3"]);
    expect(hmdaCodes({ isHispanicOrLatino: true, isCuban: true }, table).ethnicity).toEqual(["1", "13"]);
  });

  it("reports 'information not provided' for a group left blank or declined", () => {
    expect(hmdaCodes({ wontInformRace: true, wontInformGender: true }, table)).toEqual({
      ethnicity: ["3"],
      race: ["6"],
      sex: ["3"],
    });
    expect(hmdaCodes({ gender: [] }, table).sex).toEqual(["3"]);
  });

  it("refuses 'Not Hispanic or Latino' together with 'I do not wish to provide'", () => {
    const result = demographics(
      { user: { demographics: { isNotHispanicOrLatino: true, wontInformEthinicity: true } } },
      alone,
    );
    expect(result.errors.map((e) => e.pointer)).toEqual(["/user/demographics/wontInformEthinicity"]);
  });

  it("refuses a sex that is not one of the options, naming the field", () => {
    const result = demographics({ user: { demographics: { gender: ["other"] } } }, alone);
    expect(result.errors.map((e) => e.pointer)).toEqual(["/user/demographics/gender/0"]);
  });

  it("reads a sex saved as one value, before sex was a list, as a list of one", () => {
    const fields = legacyScalarFields(repo.defs.files);
    expect(fields).toEqual(
      expect.arrayContaining(["/user/demographics/gender", "/coborrower/demographics/gender"]),
    );
    const stored = {
      user: { demographics: { gender: "female" } },
      coborrower: { demographics: { gender: ["male"] } },
    };
    expect(readLegacyScalars(stored, fields)).toEqual({
      user: { demographics: { gender: ["female"] } },
      coborrower: { demographics: { gender: ["male"] } },
    });
    expect(stored.user.demographics.gender).toBe("female");
  });
});
