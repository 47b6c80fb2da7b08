// The screens after the application (spec §1 flow item 3): disclosures and e-sign, income
// verification, identity verification, income documents, loan disbursement, submitted, the
// application summary, the FAQs, and business information for the self-employed.
import { describe, expect, it } from "vitest";
import { stepById } from "@engine/definitions/definitions";
import { nextStep, previousStep, routeForStatus } from "@engine/funnel/funnel";
import { evaluateRuleSet } from "@engine/logic/rules";
import { sensitiveFields, maskSensitive } from "@engine/validation/sensitive";
import { createStepValidator } from "@engine/validation/validate";
import { repo } from "../helpers/definitions";
import { buildSummary, originatorGroup } from "@web/src/pages/funnel/displays/summary-model";
import { fillValues } from "@web/src/pages/funnel/displays/disclosure-values";
import { disclosureValues } from "@server/features/esign/values";

const { defs } = repo;
const today = "2026-11-22";

const borrower = { firstName: "Maria", lastName: "Alvarez" };
const coborrower = { firstName: "Daniel", lastName: "Alvarez" };
const alone = { user: borrower, setup: { hasCoborrower: false } };
const together = { user: borrower, coborrower, setup: { hasCoborrower: true } };

const pointers = (result: { errors: { pointer: string }[] }) => result.errors.map((e) => e.pointer);

describe("the sign step (disclosures)", () => {
  const sign = createStepValidator(defs, "disclosures");
  const signed = (signature: Record<string, string>) => ({
    esign: {
      consent: { accepted: true },
      disclosures: { acknowledged: true },
      acknowledgments: { agreed: true },
      signature,
    },
  });

  it("accepts the borrower's consent, acknowledgement and typed name, ignoring case and outer spaces", () => {
    const result = sign(signed({ borrowerName: "maria ALVAREZ" }), { application: alone, today });
    expect(result.errors).toEqual([]);
    expect(result.answers).toEqual(signed({ borrowerName: "maria ALVAREZ" }));
  });

  it("refuses a signature that does not match the borrower's name", () => {
    for (const typed of ["Mario Alvarez", "Maria", "Alvarez Maria Lopez", "Daniel Alvarez"]) {
      const result = sign(signed({ borrowerName: typed }), { application: alone, today });
      expect(result.errors, typed).toEqual([
        {
          pointer: "/esign/signature/borrowerName",
          message: "Type your first and last name exactly as they appear in your application",
          ruleId: "esign.borrower-signature-matches",
        },
      ]);
    }
  });

  it("requires the E-SIGN consent, the acknowledgement of the disclosures and the URLA Section 6 acknowledgments, checked", () => {
    const unchecked = sign(
      { esign: { consent: { accepted: false }, signature: { borrowerName: "Maria Alvarez" } } },
      { application: alone, today },
    );
    expect(pointers(unchecked)).toEqual([
      "/esign/consent/accepted",
      "/esign/disclosures/acknowledged",
      "/esign/acknowledgments/agreed",
    ]);
    expect(unchecked.errors[0]!.message).toMatch(/agree to electronic documents/);
  });

  it("asks the borrower for their own signature only: a co-borrower signs on their own page, with their own account", () => {
    expect(sign(signed({ borrowerName: "Maria Alvarez" }), { application: together, today }).valid).toBe(
      true,
    );
    const result = sign(signed({ borrowerName: "Maria Alvarez", coborrowerName: "Daniel Alvarez" }), {
      application: together,
      today,
    });
    expect(result.errors[0]).toMatchObject({
      pointer: "/esign/signature/coborrowerName",
      message: expect.stringMatching(/not a question of this step/),
    });
  });

  it("has the co-borrower sign with their own name on their own sign page", () => {
    const cosign = createStepValidator(defs, "coborrowerSign");
    const theirs = (name: string) => ({
      coborrowerEsign: {
        consent: { accepted: true },
        disclosures: { acknowledged: true },
        acknowledgments: { agreed: true },
        signature: { name },
      },
    });
    expect(cosign(theirs("daniel alvarez"), { application: together, today }).valid).toBe(true);
    expect(pointers(cosign(theirs("Maria Alvarez"), { application: together, today }))).toEqual([
      "/coborrowerEsign/signature/name",
    ]);
    expect(
      pointers(
        cosign(
          { coborrowerEsign: { signature: { name: "Daniel Alvarez" } } },
          { application: together, today },
        ),
      ),
    ).toEqual([
      "/coborrowerEsign/consent/accepted",
      "/coborrowerEsign/disclosures/acknowledged",
      "/coborrowerEsign/acknowledgments/agreed",
    ]);
  });

  it("stores only what the applicant gives: no time, address or hash fields to fill in", () => {
    const result = sign(
      {
        ...signed({ borrowerName: "Maria Alvarez" }),
        esign: { ...signed({ borrowerName: "Maria Alvarez" }).esign, signedAt: "2026-11-22T10:00:00Z" },
      },
      { application: alone, today },
    );
    expect(result.valid).toBe(false);
    expect(result.errors[0]!.message).toMatch(/not a question of this step/);
  });

  it("shows the E-SIGN consent first, then the HELOC disclosures, then the URLA Section 6 acknowledgments, by the documents named in the step", () => {
    const ui = defs.steps.get("disclosures")!.def.uiSchema as any;
    expect(ui.esign["ui:order"]).toEqual(["consent", "disclosures", "acknowledgments", "signature"]);
    expect(ui.esign.acknowledgments["ui:options"].documents).toEqual(["urla-acknowledgments"]);
    expect(ui.esign.consent["ui:options"].documents).toEqual(["e-sign-consent"]);
    expect(ui.esign.disclosures["ui:options"].documents).toEqual([
      "heloc-important-terms",
      "heloc-booklet",
      "credit-score-notice",
      "appraisal-notice",
    ]);
  });
});

describe("the disclosure texts take their numbers from the offer and the pricing params", () => {
  // An offer of $225,000 at 8.24%: $400,000 × 85% − $115,000 owed, excellent credit.
  const offered = {
    setup: {
      propertyValue: 400000,
      mortgageBalance: 115000,
      creditRange: "excellent",
      propertyUsage: "primaryResidence",
    },
  };
  const values = disclosureValues(defs, offered, { site: {}, today });

  it("fills the draw and repayment periods, the APR and the fee of the offer", () => {
    const html = fillValues(
      "<p>{{drawPeriodYears}} years, then {{repaymentPeriodYears}} years at {{apr}}; fee {{originationFee}}; line {{lineAmount}}</p>",
      values,
    );
    expect(html).toBe("<p>10 years, then 20 years at 8.24%; fee $4,477; line $225,000</p>");
  });

  it("works the minimum payment example on $10,000 at the offer's APR", () => {
    // Interest only while drawing: 10,000 × 8.24% / 12; then 240 level payments.
    expect(values.exampleDrawPayment).toBe("$68.67");
    expect(values.exampleRepaymentPayment).toBe("$85.14");
  });

  it("marks a number it does not have instead of inventing one", () => {
    // No right to cancel before the account opens: its dates are not there.
    expect(fillValues("<p>{{rescissionEndDate}}</p>", disclosureValues(defs, {}, { site: {}, today }))).toBe(
      "<p><mark>[not available yet]</mark></p>",
    );
  });

  it("states the plan's figures before an offer: the margins' range, examples at the highest margin (12 CFR 1026.40(b), (d)(12)(xi))", () => {
    const plan = disclosureValues(defs, {}, { site: {}, today });
    expect(plan).toMatchObject({
      margin: "between 0.74% and 3.49%, set by your credit; your offer states yours",
      exampleMargin: "3.49%",
      initialApr: "between 8.24% and 10.99% at this index value, as your credit sets your margin",
      lineAmount: "between $15,000 and $400,000, as your offer sets it",
      originationFee: "between $499 and $7,960",
      exampleMarginBasis: "3.49%, the highest we offer (yours may be lower)",
      // Interest only on $10,000 at 10.99%.
      exampleDrawPayment: "$91.58",
    });
    expect(plan.histYear1).toMatch(/^\d{4}$/);
    // With an offer, the applicant's own.
    expect(values).toMatchObject({
      margin: "0.74%",
      exampleMargin: "0.74%",
      initialApr: "8.24%",
      exampleMarginBasis: "yours",
    });
  });
});

describe("the income verification step (application6)", () => {
  const income = createStepValidator(defs, "application6");

  it("accepts documents uploaded by hand", () => {
    expect(income({ incomeVerification: { method: "manual" } }, { application: alone, today }).valid).toBe(
      true,
    );
  });

  it("refuses connecting an account, which this deployment cannot do, and never sets canopyConnected", () => {
    const result = income({ incomeVerification: { method: "connect" } }, { application: alone, today });
    expect(result.errors).toEqual([
      { pointer: "/incomeVerification/method", message: expect.stringMatching(/not available yet/) },
    ]);
    expect(income({ canopyConnected: true }, { application: alone, today }).valid).toBe(false);
  });

  it("requires a choice", () => {
    expect(pointers(income({}, { application: alone, today }))).toEqual(["/incomeVerification/method"]);
  });

  it("is passed over while uploading documents is its only answer: the disclosures lead to identity verification, then the document upload", () => {
    expect(nextStep(defs, "disclosures", together, { today }).stepId).toBe("identityVerification");
    expect(nextStep(defs, "identityVerification", together, { today }).stepId).toBe("incomeDocs");
    expect(previousStep(defs, "identityVerification", together, { today })).toBe("disclosures");
    // Its status keeps its page (spec: application6 → income-verification).
    expect(routeForStatus(defs, "application6")).toBe("/app/application/income-verification");
  });
});

describe("the identity verification step", () => {
  const identity = createStepValidator(defs, "identityVerification");

  it("asks the ID type of the borrower, and of the co-borrower only when one applies", () => {
    expect(pointers(identity({}, { application: alone, today }))).toEqual([
      "/identityVerification/borrower/idType",
    ]);
    expect(pointers(identity({}, { application: together, today }))).toEqual([
      "/identityVerification/borrower/idType",
      "/identityVerification/coborrower/idType",
    ]);
    const answers = {
      identityVerification: { borrower: { idType: "passport" }, coborrower: { idType: "visa" } },
    };
    expect(identity(answers, { application: alone, today }).answers).toEqual({
      identityVerification: { borrower: { idType: "passport" } },
    });
  });

  it("offers exactly the spec's ID types", () => {
    expect(
      identity(
        { identityVerification: { borrower: { idType: "library_card" } } },
        { application: alone, today },
      ).valid,
    ).toBe(false);
    for (const idType of ["driver_license", "passport", "state_id", "military_id", "green_card", "visa"])
      expect(
        identity({ identityVerification: { borrower: { idType } } }, { application: alone, today }).valid,
        idType,
      ).toBe(true);
  });

  it("asks for the ID back only for documents other than a passport", () => {
    const sidesOf = (idType: string) =>
      (
        evaluateRuleSet(
          defs,
          "identity-documents",
          { identityVerification: { borrower: { idType } } },
          { today },
        ).outputs.sides as { sides: string[]; needsBack: boolean }[]
      )[0]!;
    expect(sidesOf("passport")).toMatchObject({ sides: ["front"], needsBack: false });
    for (const idType of ["driver_license", "state_id", "military_id", "green_card", "visa"])
      expect(sidesOf(idType), idType).toMatchObject({ sides: ["front", "back"], needsBack: true });
  });
});

describe("the income documents step (upload)", () => {
  it("asks nothing on the page itself (files go through the upload endpoint) and lets the applicant continue and upload later", () => {
    const step = defs.steps.get("incomeDocs")!.def;
    expect(step.schema.properties).toEqual({});
    expect(step.description).toMatch(/upload them later/);
    expect((step.uiSchema as any)["ui:submitButtonOptions"].submitText).toBe("I'll upload later");
    expect(createStepValidator(defs, "incomeDocs")({}, { application: together, today }).valid).toBe(true);
  });

  it("refuses answers it does not ask, such as an upload", () => {
    expect(
      createStepValidator(defs, "incomeDocs")(
        { uploads: [{ type: "paystub" }] },
        { application: together, today },
      ).valid,
    ).toBe(false);
  });
});

describe("the loan disbursement step", () => {
  const disbursement = createStepValidator(defs, "loanDisbursement");
  const primary = { ...together, setup: { ...together.setup, propertyUsage: "primaryResidence" } };
  const rental = { ...together, setup: { ...together.setup, propertyUsage: "investment" } };
  const answers = (
    change: {
      drawAmount?: number;
      routingNumber?: string;
      accountNumber?: string;
      rescission?: unknown;
    } = {},
  ) => ({
    disbursement: {
      drawAmount: change.drawAmount ?? 25000,
      bankAccount: {
        holderName: "Maria Alvarez",
        accountType: "checking",
        routingNumber: change.routingNumber ?? "021000021",
        accountNumber: change.accountNumber ?? "123456789",
      },
      accountNumberConfirm: change.accountNumber ?? "123456789",
      ...(change.rescission === undefined ? {} : { rescission: change.rescission }),
    },
  });

  it("accepts a draw within the line to a valid account", () => {
    expect(disbursement(answers(), { application: rental, today }).errors).toEqual([]);
  });

  it("refuses a routing number that fails the ABA checksum", () => {
    expect(disbursement(answers({ routingNumber: "021000021" }), { application: rental, today }).valid).toBe(
      true,
    );
    expect(
      disbursement(answers({ routingNumber: "021000022" }), { application: rental, today }).errors,
    ).toEqual([
      {
        pointer: "/disbursement/bankAccount/routingNumber",
        message: expect.stringMatching(/not a valid routing number/),
        ruleId: "disbursement.routing-number-checksum",
      },
    ]);
    expect(disbursement(answers({ routingNumber: "011000015" }), { application: rental, today }).valid).toBe(
      true,
    ); // another real one
  });

  it("refuses a routing number that is not 9 digits, with its own message", () => {
    expect(
      disbursement(answers({ routingNumber: "02100002" }), { application: rental, today }).errors,
    ).toEqual([
      { pointer: "/disbursement/bankAccount/routingNumber", message: "Routing number must be 9 digits" },
    ]);
  });

  it("takes an account number of 4 to 17 digits, and keeps it write-only so the server encrypts and masks it", () => {
    expect(disbursement(answers({ accountNumber: "123" }), { application: rental, today }).valid).toBe(false);
    expect(
      disbursement(answers({ accountNumber: "123456789012345678" }), { application: rental, today }).valid,
    ).toBe(false);
    expect(
      disbursement(answers({ accountNumber: "12345678901234567" }), { application: rental, today }).valid,
    ).toBe(true);
    const fields = sensitiveFields(defs.files);
    expect(fields.map((f) => f.pattern)).toContain("/disbursement/bankAccount/accountNumber");
    expect(maskSensitive(answers(), fields)).toMatchObject({
      disbursement: { bankAccount: { accountNumber: "••••6789", routingNumber: "021000021" } },
    });
  });

  it("asks the account number twice, refuses two that differ, and never keeps the second (issue 38)", () => {
    const typo = answers();
    typo.disbursement.accountNumberConfirm = "123456780";
    expect(disbursement(typo, { application: rental, today }).errors).toEqual([
      {
        pointer: "/disbursement/accountNumberConfirm",
        message: "The two account numbers do not match. Check both",
        ruleId: "disbursement.account-number-confirmed",
      },
    ]);
    const { accountNumberConfirm: _, ...unconfirmed } = answers().disbursement;
    expect(
      disbursement({ disbursement: unconfirmed }, { application: rental, today }).errors.map(
        (e) => e.pointer,
      ),
    ).toEqual(["/disbursement/accountNumberConfirm"]);
    // A saved number comes back masked, and so does its confirmation (step.get's prefill): nothing to type again.
    const saved = answers({ accountNumber: "••••6789" });
    saved.disbursement.accountNumberConfirm = "••••6789";
    const asSaved = { ...rental, disbursement: { bankAccount: { accountNumber: "••••6789" } } };
    expect(disbursement(saved, { application: asSaved, today }).errors).toEqual([]);
    expect(stepById(defs, "loanDisbursement").transient).toEqual(["/disbursement/accountNumberConfirm"]);
  });

  it("refuses a draw above the line", () => {
    const maximumLine = (defs.params.pricing as { maximumLine: number }).maximumLine;
    expect(disbursement(answers({ drawAmount: maximumLine }), { application: rental, today }).valid).toBe(
      true,
    );
    expect(
      disbursement(answers({ drawAmount: maximumLine + 1 }), { application: rental, today }).errors,
    ).toEqual([
      {
        pointer: "/disbursement/drawAmount",
        message:
          "Your first draw cannot be more than your line leaves you to draw, after the mortgages it pays off",
        ruleId: "disbursement.draw-within-line",
      },
    ]);
  });

  it("refuses a first draw above what the line leaves once it has paid off a mortgage on the home", () => {
    // $400,000 × 85% = $340,000: a $150,000 mortgage paid off at the opening leaves $190,000 to draw.
    const paysOff = {
      setup: { hasCoborrower: false, hasMortgage: true, creditRange: "excellent" },
      property: { value: 400000, propertyUsage: "primaryResidence", state: "CA", zip: "94110" },
      mortgages: [
        { id: "m1", creditor: "Rocket Mortgage", balance: 150000, monthlyPayment: 1100, toBePaidOff: true },
      ],
    };
    const pointersOf = (drawAmount: number) =>
      disbursement(answers({ drawAmount }), { application: paysOff, today }).errors.map((e) => e.ruleId);
    expect(pointersOf(190000)).not.toContain("disbursement.draw-within-line");
    expect(pointersOf(190001)).toContain("disbursement.draw-within-line");
  });

  it("refuses a draw below the $1,000 minimum", () => {
    expect(disbursement(answers({ drawAmount: 999 }), { application: rental, today }).errors).toEqual([
      { pointer: "/disbursement/drawAmount", message: "The smallest first draw is $1,000" },
    ]);
  });

  it("shows the right of rescission only for a primary residence", () => {
    const withNotice = answers({ rescission: { acknowledged: true } });
    expect(disbursement(withNotice, { application: primary, today })).toMatchObject({
      valid: true,
      hidden: [],
    });
    expect(disbursement(withNotice, { application: rental, today })).toMatchObject({
      valid: true,
      hidden: ["/disbursement/rescission"],
    });
    expect(disbursement(answers(), { application: primary, today }).errors).toEqual([
      {
        pointer: "/disbursement/rescission/acknowledged",
        message: expect.stringMatching(/right to cancel/),
        ruleId: "disbursement.right-to-cancel-read",
      },
    ]);
    // The property's own usage, once known, decides over the early-funnel answer.
    const nowPrimary = { ...rental, property: { propertyUsage: "primaryResidence" } };
    expect(disbursement(answers(), { application: nowPrimary, today }).valid).toBe(false);
  });

  it("submits the application once every borrower has signed: the submitted page follows", () => {
    expect(nextStep(defs, "loanDisbursement", alone, { today }).stepId).toBe("applicationSubmitted");
    expect(
      nextStep(
        defs,
        "loanDisbursement",
        { ...together, coborrowerEsign: { signature: { name: "Daniel Alvarez" } } },
        { today },
      ).stepId,
    ).toBe("applicationSubmitted");
  });

  it("waits for a co-borrower who has not signed yet", () => {
    expect(nextStep(defs, "loanDisbursement", together, { today }).stepId).toBe("awaitingSignatures");
  });
});

describe("the submitted, summary and FAQ pages", () => {
  it("ends the flow at the submitted page, which asks nothing and links to the loan's status page, the summary, the uploads, the signed PDF, the right to cancel, the credit score notice, each borrower's progress and the FAQs", () => {
    const step = defs.steps.get("applicationSubmitted")!.def;
    expect(nextStep(defs, "applicationSubmitted", together, { today })).toMatchObject({
      stepId: null,
      route: null,
    });
    expect(step.schema.properties).toEqual({});
    const links = (step.uiSchema as any)["ui:options"].links.map((l: { to: string }) => l.to);
    expect(links).toEqual([
      "/app/loan",
      defs.steps.get("applicationSummary")!.def.route,
      defs.steps.get("documentsUpload")!.def.route,
      "/api/esign/latest.pdf",
      "/app/right-to-cancel",
      "/api/notices/credit-score/mine.pdf",
      defs.steps.get("applicationProgress")!.def.route,
      defs.steps.get("faqs")!.def.route,
    ]);
  });

  it("asks nothing on the summary and the FAQs", () => {
    for (const id of ["applicationSummary", "faqs"]) {
      expect(defs.steps.get(id)!.def.schema.properties, id).toEqual({});
      expect(
        createStepValidator(defs, id)({ user: { firstName: "X" } }, { application: together, today }).valid,
        id,
      ).toBe(false);
    }
  });

  it("summarizes the saved answers in sections labelled by the schemas' titles, with enumeration labels", () => {
    const sections = buildSummary(
      defs,
      {
        user: {
          ...borrower,
          citizenship: "usCitizen",
          ssn: "*** - ** - 4961",
          employments: [
            { id: "emp1", employerName: "Tampa General Hospital", base: 92000, startDate: "2017-03-06" },
          ],
        },
        setup: { hasCoborrower: false, propertyUsage: "primaryResidence" },
        coborrower: { firstName: "Left", lastName: "Over" },
        disbursement: {
          drawAmount: 25000,
          bankAccount: { accountType: "checking", accountNumber: "••••6789" },
        },
      },
      {
        sections: [
          "user",
          { field: "coborrower", visibleWhen: { "==": [{ var: "setup.hasCoborrower" }, true] } },
          "disbursement",
          "setup",
        ],
      },
    );
    expect(sections.map((s) => s.title)).toEqual(["Borrower", "Loan disbursement", "Initial setup answers"]);
    const user = sections[0]!;
    expect(user.rows).toEqual(
      expect.arrayContaining([
        { label: "First name", value: "Maria" },
        { label: "Citizenship", value: "U.S. citizen" },
        { label: "Social Security number", value: "*** - ** - 4961" },
      ]),
    );
    const job = user.groups.find((g) => g.title === "Employment history")!.groups[0]!;
    expect(job.title).toBe("Employment 1");
    // The job's id is a field no step shows: it is not summarized. Money and dates read as the step shows them.
    expect(job.rows).toEqual([
      { label: "Employer name", value: "Tampa General Hospital" },
      { label: "Start date", value: "03/06/2017" },
      { label: "Base pay (annual)", value: "$92,000" },
    ]);
    const disbursement = sections[1]!;
    expect(disbursement.rows).toContainEqual({ label: "Amount of your first draw", value: "$25,000" });
    expect(disbursement.groups[0]!.rows).toEqual([
      { label: "Account type", value: "Checking" },
      { label: "Account number", value: "••••6789" },
    ]);
  });
});

describe("the loan originator information on the summary (URLA section 9, 12 CFR 1007.105(b))", () => {
  const words = (defs.steps.get("applicationSummary")!.def.uiSchema as any)["ui:options"].originator;
  const company = { name: "Example Lending LLC", nmlsId: "123456", address: "1 Main St, Tampa, FL 33602" };

  it("names the company with its NMLS ID, and says no loan officer is assigned yet, in the step's words", () => {
    const group = originatorGroup(words, { company, loanOfficer: null });
    expect(group.title).toBe("Loan originator information");
    expect(group.groups[0]!.rows).toEqual([
      { label: "Loan origination company", value: "Example Lending LLC" },
      { label: "NMLS ID", value: "123456" },
      { label: "Address", value: "1 Main St, Tampa, FL 33602" },
    ]);
    expect(group.groups[1]!.rows).toEqual([{ label: "Your loan officer", value: words.noLoanOfficer }]);
  });

  it("names the assigned loan officer with their NMLS ID, email and phone", () => {
    const group = originatorGroup(words, {
      company,
      loanOfficer: {
        name: "Dana Reyes",
        nmlsId: "2045871",
        email: "dana@lender.example",
        phone: "4155550199",
      },
    });
    expect(group.groups[1]!.rows).toEqual([
      { label: "Your loan officer", value: "Dana Reyes" },
      { label: "NMLS ID", value: "2045871" },
      { label: "Email", value: "dana@lender.example" },
      { label: "Phone", value: "(415) 555-0199" },
    ]);
  });
});

describe("the business information step", () => {
  const business = createStepValidator(defs, "businessInformation");
  const employed = (user: boolean, co?: boolean) => ({
    ...(co === undefined ? alone : together),
    user: { ...borrower, isSelfEmployed: user },
    ...(co === undefined ? {} : { coborrower: { ...coborrower, isSelfEmployed: co } }),
  });
  const aBusiness = {
    businessName: "Alvarez Design LLC",
    legalStructure: "llc",
    phone: "8135550100",
    address: { line1: "100 Main St", city: "Tampa", state: "FL", zip: "33602" },
    startDate: "2015-04-01",
    description: "Interior design for restaurants and shops.",
  };

  it("skips business information unless someone is self-employed", () => {
    expect(nextStep(defs, "application5", employed(false), { today }).stepId).toBe(
      "manualIncomeVerification",
    );
    expect(nextStep(defs, "application5", employed(true), { today }).stepId).toBe("businessInformation");
    expect(nextStep(defs, "application5", employed(false, true), { today }).stepId).toBe(
      "businessInformation",
    );
    expect(nextStep(defs, "application5", employed(false, false), { today }).stepId).toBe(
      "manualIncomeVerification",
    );
    expect(previousStep(defs, "manualIncomeVerification", employed(false), { today })).toBe("application5");
  });

  it("ignores a self-employed co-borrower left over when nobody applies with the borrower", () => {
    const leftover = { ...employed(false), coborrower: { ...coborrower, isSelfEmployed: true } };
    expect(nextStep(defs, "application5", leftover, { today }).stepId).toBe("manualIncomeVerification");
  });

  it("asks the business of each self-employed person only", () => {
    const both = { user: { business: aBusiness }, coborrower: { business: aBusiness } };
    expect(business(both, { application: employed(true, false), today })).toMatchObject({
      valid: true,
      hidden: ["/coborrower/business"],
    });
    expect(business(both, { application: employed(false, true), today })).toMatchObject({
      valid: true,
      hidden: ["/user/business"],
    });
    expect(pointers(business({}, { application: employed(true, true), today }))).toEqual([
      "/user/business/businessName",
      "/user/business/legalStructure",
      "/user/business/phone",
      "/user/business/address",
      "/user/business/startDate",
      "/user/business/description",
      "/coborrower/business/businessName",
      "/coborrower/business/legalStructure",
      "/coborrower/business/phone",
      "/coborrower/business/address",
      "/coborrower/business/startDate",
      "/coborrower/business/description",
    ]);
  });

  it("lets a borrower applying alone answer while the application holds no co-borrower (null)", () => {
    const application = { ...employed(true), coborrower: null };
    const result = business({ user: { business: aBusiness }, coborrower: null }, { application, today });
    expect(result.errors).toEqual([]);
    expect(result.answers).toEqual({ user: { business: aBusiness } });
  });

  it("takes an optional 9-digit EIN and the spec's legal structures", () => {
    const withEin = (ein: unknown) =>
      business({ user: { business: { ...aBusiness, ein } } }, { application: employed(true), today });
    expect(withEin("123456789").valid).toBe(true);
    expect(withEin(null).valid).toBe(true);
    expect(withEin("12-3456789").errors).toEqual([
      { pointer: "/user/business/ein", message: expect.stringMatching(/9 digits/) },
    ]);
    for (const legalStructure of ["soleProprietorship", "partnership", "llc", "sCorporation", "cCorporation"])
      expect(
        business(
          { user: { business: { ...aBusiness, legalStructure } } },
          { application: employed(true), today },
        ).valid,
        legalStructure,
      ).toBe(true);
  });

  it("refuses a business that starts in the future", () => {
    const result = business(
      { user: { business: { ...aBusiness, startDate: "2027-01-01" } } },
      { application: employed(true), today },
    );
    expect(pointers(result)).toEqual(["/user/business/startDate"]);
  });
});
