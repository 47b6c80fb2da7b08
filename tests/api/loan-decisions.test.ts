// The portal's decision forms (issue 35 item 3) ask the server, which refuses bad input by its
// field and saves nothing: an approval or counteroffer gives every term the closing package states
// (the margin over the index, the draw and repayment periods), and the approved margin is what the
// credit agreement prints; a margin above the offer's is a counteroffer, not an approval; a decline
// takes at most four reasons of the catalogue; a notice of incompleteness names its items and a
// deadline.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loanFiles } from "@server/persistence/db/schema";
import { move, submittedLoan, type Loan } from "../helpers/closing";
import { codeOf, fieldErrorsOf } from "../helpers/trpc-errors";
import { testServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

const saved = async (loan: Loan) =>
  (
    await server.services.db.select().from(loanFiles).where(eq(loanFiles.applicationId, loan.applicationId))
  )[0]!;
const fileOf = (loan: Loan) => loan.staff.trpc.portal.loan.get.query({ applicationId: loan.applicationId });

async function inReview() {
  const loan = await submittedLoan(server);
  await move(loan, "startReview");
  const offer = (await fileOf(loan)).offer!;
  return { loan, offer, before: await saved(loan) };
}

describe("approving with terms", () => {
  it("records the offer's margin with the file, so the form can start from it", async () => {
    const { offer } = await inReview();
    // The fixture's very good credit range is priced at a margin of 1.24 over the index.
    expect(offer.margin).toBe(1.24);
    expect(offer.originationFee).toBeGreaterThan(0);
  });

  it("refuses an approval without the margin, draw and repayment periods, naming each field, and saves nothing", async () => {
    const { loan, offer, before } = await inReview();
    const errors = await fieldErrorsOf(
      move(loan, "approve", { terms: { lineAmount: offer.lineAmount, apr: offer.apr } }),
    );
    expect(errors.map((e) => e.pointer).sort()).toEqual([
      "/action/terms/drawPeriodYears",
      "/action/terms/margin",
      "/action/terms/repaymentPeriodYears",
    ]);
    expect(errors.find((e) => e.pointer === "/action/terms/margin")!.message).toMatch(/margin/);
    const after = await saved(loan);
    expect(after.milestone).toBe("inReview");
    expect(after.revision).toBe(before.revision);
  });

  it("refuses a margin out of range by its field", async () => {
    const { loan, offer } = await inReview();
    const errors = await fieldErrorsOf(
      move(loan, "approve", {
        terms: {
          lineAmount: offer.lineAmount,
          apr: offer.apr,
          margin: 25,
          drawPeriodYears: 10,
          repaymentPeriodYears: 20,
        },
      }),
    );
    expect(errors.map((e) => e.pointer)).toEqual(["/action/terms/margin"]);
    expect((await saved(loan)).milestone).toBe("inReview");
  });

  it("refuses as an approval a margin above the offer's: that is a counteroffer", async () => {
    const { loan, offer } = await inReview();
    const higher = move(loan, "approve", {
      terms: {
        lineAmount: offer.lineAmount,
        apr: offer.apr,
        margin: 2.5,
        drawPeriodYears: 10,
        repaymentPeriodYears: 20,
      },
    });
    expect(await codeOf(higher)).toBe("PRECONDITION_FAILED");
    await expect(higher).rejects.toThrow(/margin over the index no higher/);
    expect((await saved(loan)).milestone).toBe("inReview");
  });

  it("carries the approved margin and periods into the credit agreement the borrowers sign", async () => {
    const { loan, offer } = await inReview();
    const approved = await move(loan, "approve", {
      terms: {
        lineAmount: offer.lineAmount,
        apr: offer.apr,
        margin: 1.1,
        drawPeriodYears: 10,
        repaymentPeriodYears: 15,
      },
    });
    expect(approved.terms).toMatchObject({ margin: 1.1, drawPeriodYears: 10, repaymentPeriodYears: 15 });
    await loan.borrower.trpc.loan.answerOccupancy.mutate({ principalDwelling: true });
    await loan.coborrower.trpc.loan.answerOccupancy.mutate({ principalDwelling: true });
    for (const holder of ["owner-1", "owner-2"])
      await loan.staff.trpc.portal.loan.recordOccupancy.mutate({
        applicationId: loan.applicationId,
        holder,
        principalDwelling: false,
      });
    await move(loan, "clearToClose");
    const mine = await loan.borrower.trpc.loan.mine.query();
    const agreement = mine!.closing!.documents.find((d) => d.id === "credit-agreement")!.text;
    expect(agreement).toContain("margin of **1.10%**");
    expect(agreement).not.toContain("[not available yet]");
    const disclosures = mine!.closing!.documents.find((d) => d.id === "account-opening-disclosures")!.text;
    expect(disclosures).toContain("a margin of 1.10%");
  });
});

describe("the other decisions refuse bad input by its field", () => {
  it("refuses a fifth decline reason and a reason not in the catalogue, saving nothing", async () => {
    const { loan, before } = await inReview();
    const five = await fieldErrorsOf(
      move(loan, "decline", {
        reasons: [
          "excessiveObligations",
          "insufficientIncome",
          "lengthOfEmployment",
          "collateralValue",
          "bankruptcy",
        ],
      }),
    );
    expect(five.map((e) => e.pointer)).toEqual(["/action/reasons"]);
    const unknown = await fieldErrorsOf(
      move(loan, "decline", { reasons: ["excessiveObligations", "tooRich"] }),
    );
    expect(unknown.map((e) => e.pointer)).toEqual(["/action/reasons/1"]);
    const none = move(loan, "decline", { reasons: [] });
    expect(await codeOf(none)).toBe("PRECONDITION_FAILED");
    expect((await saved(loan)).revision).toBe(before.revision);
  });

  it("refuses a notice of incompleteness without items or with a deadline that is not a date", async () => {
    const { loan, before } = await inReview();
    const noItems = move(loan, "markIncomplete", { items: [], deadline: "2099-01-01" });
    expect(await codeOf(noItems)).toBe("PRECONDITION_FAILED");
    const badDate = await fieldErrorsOf(
      move(loan, "markIncomplete", { items: ["Pay stubs"], deadline: "soon" }),
    );
    expect(badDate.map((e) => e.pointer)).toEqual(["/action/deadline"]);
    expect((await saved(loan)).revision).toBe(before.revision);
  });

  it("refuses a counteroffer without its terms' periods by field, and without reasons by the rule", async () => {
    const { loan, offer, before } = await inReview();
    const lower = { lineAmount: offer.lineAmount - 10000, apr: offer.apr };
    const errors = await fieldErrorsOf(
      move(loan, "counteroffer", { terms: lower, reasons: ["collateralValue"] }),
    );
    expect(errors.map((e) => e.pointer)).toContain("/action/terms/margin");
    const noReasons = move(loan, "counteroffer", {
      terms: { ...lower, margin: 1.24, drawPeriodYears: 10, repaymentPeriodYears: 20 },
      reasons: [],
    });
    expect(await codeOf(noReasons)).toBe("PRECONDITION_FAILED");
    expect((await saved(loan)).revision).toBe(before.revision);
  });
});
