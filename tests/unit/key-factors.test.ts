// FCRA 609(f)(1)(C), (f)(9): a credit score notice gives at most four key factors, and a fifth only
// when it is the number of inquiries (schemas/credit-score-used.json).
import { describe, expect, it } from "vitest";
import { compileSchemaFile } from "@engine/definitions/definitions";
import { repo } from "../helpers/definitions";

const validate = compileSchemaFile(repo.defs, "credit-score-used.json");
const used = (keyFactors: string[]) => ({
  score: 701,
  model: "FICO Score 8",
  rangeLow: 300,
  rangeHigh: 850,
  createdOn: "2026-11-20",
  agency: { name: "Equifax", address: "P.O. Box 740241, Atlanta, GA 30374", phone: "800-685-1111" },
  keyFactors,
});
const four = [
  "Balances too high",
  "Too few accounts paid as agreed",
  "Length of credit history",
  "Recent delinquency",
];

describe("the key factors of a credit score notice (15 U.S.C. 1681g(f)(9))", () => {
  it("takes four", () => {
    expect(validate(used(four)), JSON.stringify(validate.errors)).toBe(true);
  });

  it("takes a fifth when it is the number of inquiries", () => {
    expect(validate(used([...four, "Too many inquiries in the last 12 months"]))).toBe(true);
  });

  it("refuses a fifth that is not the number of inquiries, saying why", () => {
    expect(validate(used([...four, "Too many revolving accounts"]))).toBe(false);
    expect(JSON.stringify(validate.errors)).toContain("only when it is the number of inquiries");
  });
});
