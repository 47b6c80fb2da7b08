// The exports read the loan file, not only the application: a portal decline's reasons reach the
// HMDA LAR as the HMDA denial reason codes rules/decline-reasons.json maps them to, and an approved
// line (a counteroffer the applicant accepted) is what the MISMO file states.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { MISMO_XSD, mismoSchemaDir } from "@engine/export/xsd-index";
import { validateXml } from "@engine/export/xsd-validate";
import { readLenderProfile } from "@engine/lending/lender-file";
import { uliOf } from "@engine/lending/uli";
import { signedInStaff, TWO_BORROWERS, twoBorrowerApplicant } from "../helpers/accounts";
import { browser, testServer, type TestServer } from "../helpers/server";

const SCHEMAS = mismoSchemaDir(REPO_ROOT);

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

/** A submitted two-borrower application whose borrower is signed in. */
const submitted = () => twoBorrowerApplicant(server, { consented: true, walked: true });

const scoreUsed = {
  score: 598,
  model: "FICO Score 8",
  rangeLow: 300,
  rangeHigh: 850,
  createdOn: "2026-11-01",
  rankedAbovePercent: 42,
  agency: {
    name: "Equifax Information Services LLC",
    address: "P.O. Box 740241, Atlanta, GA 30374",
    phone: "(866) 349-5191",
  },
  keyFactors: ["Serious delinquency"],
};

const larFields = (
  JSON.parse(readFileSync(join(REPO_ROOT, "rules/hmda-lar.json"), "utf8")) as {
    params: { fields: { name: string }[] };
  }
).params.fields.map((f) => f.name);
/** The year's LAR row of an application, by field name. */
async function larRowOf(admin: { b: ReturnType<typeof browser> }, applicationId: string) {
  const year = server.services.now().getUTCFullYear();
  const res = await admin.b.fetch(`${server.url}/api/exports/hmda-lar.txt?year=${year}`);
  // The endpoint refuses a file that fails an implemented CFPB edit: 200 is the edits passed.
  expect(res.status).toBe(200);
  const uli = uliOf(readLenderProfile().hmda!.lei, applicationId);
  const row = (await res.text())
    .trimEnd()
    .split("\n")
    .map((l) => l.split("|"))
    .find((r) => r[larFields.indexOf("uli")] === uli);
  expect(row).toBeDefined();
  return (name: string) => row![larFields.indexOf(name)];
}
const denials = (field: (name: string) => string | undefined) =>
  ["denialReason1", "denialReason2", "denialReason3", "denialReason4", "denialReasonText"].map(field);

const PACKAGE_TERMS = { margin: 1.24, drawPeriodYears: 10, repaymentPeriodYears: 20 };

const element = (xml: string, name: string) => xml.match(new RegExp(`<${name}>([^<]*)</${name}>`))?.[1];

describe("the HMDA LAR of a portal decline", () => {
  it("reports a decline for a credit score and for excessive obligations as denial reasons 3 and 1, in the decline's order, and passes the CFPB edits", async () => {
    const who = await submitted();
    const processor = await signedInStaff(server, "processor");
    const underwriter = await signedInStaff(server, "underwriter");
    const admin = await signedInStaff(server, "admin");
    await processor.b.trpc.portal.notices.recordCreditScore.mutate({
      applicationId: who.applicationId,
      borrower: "borrower",
      creditScoreUsed: scoreUsed,
    });
    await underwriter.b.trpc.portal.loan.move.mutate({
      applicationId: who.applicationId,
      transition: "decline",
      action: { reasons: ["creditScoreInsufficient", "excessiveObligations"] },
    });
    const field = await larRowOf(admin, who.applicationId);
    expect(field("actionTaken")).toBe("3");
    expect(denials(field)).toEqual(["3", "1", "", "", ""]);
  });

  it("reports a counteroffer the applicant declined as denied on the amount they asked for, with the counteroffer's reasons (Regulation C comments 4(a)(8)(i)-9, 4(a)(7)-1)", async () => {
    const who = await submitted();
    const underwriter = await signedInStaff(server, "underwriter");
    const admin = await signedInStaff(server, "admin");
    await underwriter.b.trpc.portal.loan.move.mutate({
      applicationId: who.applicationId,
      transition: "startReview",
    });
    const offered = (await underwriter.b.trpc.portal.loan.get.query({ applicationId: who.applicationId }))
      .offer!;
    await underwriter.b.trpc.portal.loan.move.mutate({
      applicationId: who.applicationId,
      transition: "counteroffer",
      action: {
        terms: { lineAmount: offered.lineAmount - 10000, apr: offered.apr, ...PACKAGE_TERMS },
        reasons: ["collateralValue"],
      },
    });
    await who.b.trpc.loan.answerCounteroffer.mutate({ answer: "decline" });
    const field = await larRowOf(admin, who.applicationId);
    expect(field("actionTaken")).toBe("3");
    expect(denials(field)).toEqual(["4", "", "", "", ""]);
    expect(field("loanAmount")).toBe(String(TWO_BORROWERS.setup.desiredAmount));
  });
});

describe("the MISMO file of an approved loan", () => {
  it("states the line of a counteroffer the applicant accepted, not the amount applied for, and still validates", async () => {
    const who = await submitted();
    const underwriter = await signedInStaff(server, "underwriter");
    const processor = await signedInStaff(server, "processor");
    await underwriter.b.trpc.portal.loan.move.mutate({
      applicationId: who.applicationId,
      transition: "startReview",
    });
    const offered = (await underwriter.b.trpc.portal.loan.get.query({ applicationId: who.applicationId }))
      .offer!;
    const before = await (
      await processor.b.fetch(`${server.url}/api/exports/mismo.xml?application=${who.applicationId}`)
    ).text();
    expect(Number(element(before, "HELOCMaximumBalanceAmount"))).toBe(offered.lineAmount);
    expect(element(before, "LoanApprovalDate")).toBeUndefined();

    const lower = {
      lineAmount: offered.lineAmount - 15000,
      apr: offered.apr + 0.5,
      ...PACKAGE_TERMS,
      margin: 2.75,
    };
    await underwriter.b.trpc.portal.loan.move.mutate({
      applicationId: who.applicationId,
      transition: "counteroffer",
      action: { terms: lower, reasons: ["insufficientCollateral"] },
    });
    await who.b.trpc.loan.answerCounteroffer.mutate({ answer: "accept" });

    const res = await processor.b.fetch(
      `${server.url}/api/exports/mismo.xml?application=${who.applicationId}`,
    );
    expect(res.status).toBe(200);
    const xml = await res.text();
    for (const name of ["HELOCMaximumBalanceAmount", "BaseLoanAmount", "NoteAmount"])
      expect(Number(element(xml, name))).toBe(lower.lineAmount);
    expect(Number(element(xml, "NoteRatePercent"))).toBeCloseTo(lower.apr, 4);
    expect(Number(element(xml, "DisclosedMarginRatePercent"))).toBeCloseTo(2.75, 4);
    expect(element(xml, "HELOCRepayPeriodMonthsCount")).toBe("240");
    expect(element(xml, "LoanMaturityPeriodCount")).toBe("360");
    expect(element(xml, "LoanApprovalDate")).toBe(server.services.now().toISOString().slice(0, 10));
    expect(element(xml, "ApplicationReceivedDate")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (SCHEMAS) expect(validateXml(xml, join(SCHEMAS, MISMO_XSD))).toEqual({ valid: true, errors: [] });
  });
});
