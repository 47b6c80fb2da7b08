// The HMDA denial reasons of a decline (rules/decline-reasons.json params.hmdaDenialReasons, read by
// engine/lending/denial-reasons.ts): the one table the LAR reads, whether the early funnel's rules
// or staff declined.
import { describe, expect, it } from "vitest";
import { denialReasonProblems, hmdaDenialOf } from "@engine/lending/denial-reasons";
import { larParams, larRow } from "@engine/lending/hmda-lar";
import type { Definitions } from "@engine/definitions/definitions";
import type { ExportFile } from "@engine/generated/schema-types";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const withCatalogue = (edit: (c: Record<string, any>) => void): Definitions => {
  const catalogue = structuredClone(defs.params["decline-reasons"]) as Record<string, any>;
  edit(catalogue);
  return { ...defs, params: { ...defs.params, "decline-reasons": catalogue } } as Definitions;
};

describe("the HMDA denial reasons of a decline", () => {
  it("are the codes of its reasons in the decline's order: a credit score below the minimum is credit history (3), excessive obligations debt-to-income (1)", () => {
    expect(hmdaDenialOf(defs, ["creditScoreInsufficient", "excessiveObligations"])).toEqual({
      codes: ["3", "1"],
      text: null,
    });
    expect(hmdaDenialOf(defs, ["excessiveObligations", "creditScoreInsufficient"]).codes).toEqual(["1", "3"]);
  });

  it("reports each code once, at most four, so the row passes the CFPB's duplicate edit", () => {
    expect(
      hmdaDenialOf(defs, [
        "excessiveObligations",
        "insufficientIncome",
        "bankruptcy",
        "collateralValue",
        "lengthOfEmployment",
        "incompleteApplication",
      ]).codes,
    ).toEqual(["1", "3", "4", "2"]);
  });

  it("gives every reason of the catalogue a code from 1 to 9, and the early funnel's reasons are in it", () => {
    expect(denialReasonProblems(defs)).toEqual([]);
  });

  it("states the words of a reason reported as other (9)", () => {
    const other = withCatalogue((c) => (c.hmdaDenialReasons.propertyListedForSale = "9"));
    expect(hmdaDenialOf(other, ["propertyListedForSale", "bankruptcy"])).toEqual({
      codes: ["9", "3"],
      text: "The home is listed for sale: we lend only on homes the owner is keeping",
    });
  });

  it("refuses a reason with no code, in check and at export", () => {
    const missing = withCatalogue((c) => delete c.hmdaDenialReasons.bankruptcy);
    expect(denialReasonProblems(missing)).toEqual([
      expect.objectContaining({ file: "rules/decline-reasons.json", pointer: "/params/reasons/bankruptcy" }),
    ]);
    expect(() => hmdaDenialOf(missing, ["bankruptcy"])).toThrow(/"bankruptcy" has no HMDA denial reason/);
  });

  it("leaves the row's first denial reason at 10 (not applicable) when the action is not a denial", () => {
    const input = {
      application: {},
      lender: {},
      file: { id: "x" },
      offer: {},
      terms: {},
      borrowers: [],
      action: { code: "1", date: "2026-11-20", denialReasons: [], denialReasonText: null },
    } as unknown as ExportFile;
    const row = larRow(input, larParams(defs));
    expect(
      ["denialReason1", "denialReason2", "denialReason3", "denialReason4"].map((f) => row.get(f)),
    ).toEqual(["10", "", "", ""]);
  });
});
