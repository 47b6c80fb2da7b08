// The HMDA LAR (rules/hmda-lar.json, engine/lending/hmda-lar.ts): the CFPB's pipe-delimited format,
// one row of 110 fields per application with an action taken in the year, the demographic codes of
// content/hmda-codes.json, and the CFPB's edits run on the result.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/definitions/load";
import { actionTaken } from "@engine/lending/action-taken";
import { exportFileOf } from "@engine/lending/export-file";
import { runEdits } from "@engine/lending/hmda-edits";
import { larFile, larParams, larRow, transmittalSheet } from "@engine/lending/hmda-lar";
import { readLenderProfile } from "@engine/lending/lender-file";
import { uliCheckDigits, uliOf } from "@engine/lending/uli";
import type { Application } from "@engine/generated/schema-types";
import { repo } from "../helpers/definitions";

const lender = readLenderProfile();
const params = larParams(repo.defs);
const demo = (): Application =>
  JSON.parse(readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"));

/** The demo application, declined by the rules on 2026-11-19 for excessive obligations. */
function declined(doc = demo(), id = "0b9e1c7a-2f4d-4c3e-9a51-7d2e8f6a1b3c") {
  doc.decisions = [
    {
      outcome: "declined",
      ruleId: "pricing.excessive-obligations",
      reasons: [{ code: "excessiveObligations", text: "Excessive obligations in relation to income" }],
      decidedAt: "2026-11-19T10:00:00Z",
      notice: {
        id: "adverse-action",
        version: "1",
        sha256: "a",
        sourceSha256: "b",
        title: "Notice",
        values: {},
      },
      mailedTo: true,
    },
  ] as Application["decisions"];
  return exportFileOf(
    { id, doc: doc as Record<string, unknown>, createdAt: "2026-11-18T19:00:00Z" },
    { defs: repo.defs, lender, exporter: "test", now: new Date("2026-11-28T12:00:00Z") },
  );
}

describe("the HMDA LAR", () => {
  it("has 110 fields a row, in the CFPB's order, and the transmittal sheet's 15", () => {
    expect(params.fields).toHaveLength(110);
    const row = larRow(declined(), params);
    expect([...row.keys()].slice(0, 12)).toEqual([
      "recordId",
      "lei",
      "uli",
      "applicationDate",
      "loanType",
      "loanPurpose",
      "preapproval",
      "constructionMethod",
      "occupancyType",
      "loanAmount",
      "actionTaken",
      "actionTakenDate",
    ]);
    expect([...row.keys()].slice(-3)).toEqual([
      "reverseMortgage",
      "openEndLineOfCredit",
      "businessOrCommercialPurpose",
    ]);
    expect([...transmittalSheet(lender, 2026, 1).keys()]).toHaveLength(15);
  });

  it("reports a decline of the rules as denied (3), on the day decided, with its HMDA denial reason", () => {
    const row = larRow(declined(), params);
    expect(row.get("actionTaken")).toBe("3");
    expect(row.get("actionTakenDate")).toBe("20261119");
    expect(row.get("applicationDate")).toBe("20261118");
    expect(row.get("denialReason1")).toBe("1"); // debt-to-income ratio
    expect(row.get("denialReason2")).toBe("");
    expect(row.get("loanAmount")).toBe(String(demo().setup!.desiredAmount)); // the amount applied for
    expect(row.get("openEndLineOfCredit")).toBe("1");
    expect(row.get("totalLoanCosts")).toBe("NA");
  });

  it("writes each borrower's HMDA codes from content/hmda-codes.json, and the co-applicant's refusals", () => {
    const row = larRow(declined(), params);
    // The borrower: Hispanic or Latino and Mexican; White; female. The co-borrower gave none.
    expect([1, 2, 3].map((k) => row.get(`applicantEthnicity${k}`))).toEqual(["1", "11", ""]);
    expect(row.get("applicantRace1")).toBe("5");
    expect(row.get("applicantSex")).toBe("2");
    expect(row.get("coApplicantEthnicity1")).toBe("3");
    expect(row.get("coApplicantRace1")).toBe("6");
    expect(row.get("coApplicantSex")).toBe("3");
    expect(row.get("applicantAge")).toBe("45");
  });

  it("reports no co-applicant with the CFPB's codes for none (5, 8, 9999, 10)", () => {
    const doc = demo();
    doc.coborrower = null;
    const row = larRow(declined(doc), params);
    expect(row.get("coApplicantEthnicity1")).toBe("5");
    expect(row.get("coApplicantEthnicityObserved")).toBe("4");
    expect(row.get("coApplicantRace1")).toBe("8");
    expect(row.get("coApplicantSex")).toBe("5");
    expect(row.get("coApplicantAge")).toBe("9999");
    expect(row.get("coApplicantCreditScore")).toBe("9999");
    expect(row.get("coApplicantScoreModel")).toBe("10");
  });

  it("gives a ULI of the LEI, the id and check digits that verify (ISO 7064 Mod 97-10)", () => {
    const uli = uliOf("SAMPLE0LENDER0000000", "0b9e1c7a-2f4d-4c3e-9a51-7d2e8f6a1b3c");
    expect(uli).toMatch(/^[A-Z0-9]{45}$/);
    // The check: the whole ULI, letters as numbers, is 1 modulo 97.
    const digits = uli
      .split("")
      .map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c))
      .join("");
    expect(BigInt(digits) % 97n).toBe(1n);
    expect(uliCheckDigits(uli.slice(0, -2))).toBe(uli.slice(-2));
  });

  it("leaves out applications with no action taken, or one in another year", () => {
    const open = exportFileOf(
      { id: "a1", doc: demo() as Record<string, unknown> },
      { defs: repo.defs, lender, exporter: "test", now: new Date() },
    );
    expect(open.action.code).toBeNull();
    const out = larFile([open, declined()], 2026, lender, params);
    expect(out.rows).toBe(1);
    expect(larFile([declined()], 2025, lender, params).rows).toBe(0);
  });

  it("takes a cancellation under the right to cancel as approved but not accepted (2)", () => {
    const doc = demo() as Record<string, unknown>;
    doc.rescission = { cancellation: { cancelledAt: "2026-11-25T16:00:00Z" } };
    expect(actionTaken(doc)).toEqual({ code: "2", date: "2026-11-25", reasonCodes: [] });
  });

  it("passes the implemented CFPB edits on the demo data", () => {
    const out = larFile(
      [declined(), declined(undefined, "9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a")],
      2026,
      lender,
      params,
    );
    expect(out.failures).toEqual([]);
    const lines = out.text.trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]!.split("|")).toHaveLength(15);
    for (const line of lines.slice(1)) expect(line.split("|")).toHaveLength(110);
  });

  it("names the CFPB edit a broken field fails, with its line", () => {
    const ts = transmittalSheet(lender, 2026, 1);
    const row = larRow(declined(), params);
    const broken = (field: string, value: string) => {
      const copy = new Map(row);
      copy.set(field, value);
      return runEdits(ts, [copy], 2026).map((f) => `${f.edit}@${f.line}`);
    };
    expect(broken("actionTakenDate", "20251231")).toContain("V619-2@2");
    expect(broken("actionTakenDate", "20261117")).toContain("V619-3@2");
    expect(broken("denialReason1", "10")).toContain("V670-1@2");
    expect(broken("zipCode", "3360")).toContain("V624@2");
    expect(broken("uli", `${row.get("uli")!.slice(0, -2)}00`)).toContain("V609@2");
    expect(broken("lei", "OTHERLEI000000000000")).toContain("S301@2");
    expect(broken("totalLoanCosts", "1200")).toContain("V672-4@2");
    expect(runEdits(transmittalSheet(lender, 2026, 2), [row], 2026).map((f) => f.edit)).toContain("S304");
  });
});
