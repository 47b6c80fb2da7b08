// An information condition is answered in a form the step renderer draws from its informationType's
// schema (rules/conditions.json params.answerForms): the same fields, widgets and errors as the
// funnel. The browser says which required field is empty; the server judges the rest and names the
// field it refuses, and the answer is saved only whole.
import { describe, expect, it } from "vitest";
import { todayIso } from "@engine/base/dates";
import { submittedLoan } from "../helpers/closing";
import type { TestServer } from "../helpers/server";
import { screenshot, seriousA11yViolations, useE2E } from "./browser";
import { e2eTestServer, pageWithSession } from "./sessions";

const e2e = useE2E();
const server = () => e2eTestServer(e2e) as TestServer;

describe("an information condition's generated form (e2e)", { timeout: 120_000 }, () => {
  it("draws the address form from its schema, shows the server's refusal at the ZIP code, and takes a good answer", async () => {
    const loan = await submittedLoan(server());
    const dueOn = todayIso(new Date(Date.now() + 7 * 86_400_000));
    for (const code of [101, 406])
      await loan.staff.trpc.portal.loan.addCondition.mutate({
        applicationId: loan.applicationId,
        code,
        priorTo: "approval",
        dueOn,
        borrowers: ["borrower"],
      });
    const maria = await pageWithSession(e2e, loan.borrower, 1280);
    await maria.goto("/app/loan");
    await maria.getByRole("heading", { level: 2, name: "What we need from you" }).waitFor();
    const address = maria.getByRole("region", { name: "Current home address" });
    const employment = maria.getByRole("region", { name: "Employment details" });
    // The fields are the schema's, in the words of schemas/address.json and schemas/employment.json.
    await address.getByLabel("Street address").waitFor();
    for (const label of ["Apartment, suite or unit", "City", "State", "ZIP code"])
      expect(await address.getByLabel(label).count()).toBe(1);
    for (const label of ["Employer name", "Position or title", "Start date"])
      expect(await employment.getByLabel(label).count()).toBe(1);

    // Empty: the browser names each required field and sends nothing.
    await address.getByRole("button", { name: "Send my answer" }).click();
    await address.getByText("Street address is required").waitFor();
    await screenshot(maria, "condition-form-address-required");

    await address.getByLabel("Street address").fill("12 Elm Street");
    await address.getByLabel("City").fill("Denver");
    await address.getByLabel("State").selectOption({ label: "Colorado" });
    await address.getByLabel("ZIP code").fill("802");
    await address.getByRole("button", { name: "Send my answer" }).click();
    // The server refuses the ZIP code by its field and saves nothing.
    await address
      .getByText(/ZIP code/, { exact: false })
      .locator("xpath=self::*[@role='alert']")
      .waitFor();
    const refused = await loan.staff.trpc.portal.loan.get.query({ applicationId: loan.applicationId });
    expect(refused.conditions.find((c) => c.code === 101)).toMatchObject({ status: "open", answers: {} });
    expect(await seriousA11yViolations(maria)).toEqual([]);
    await screenshot(maria, "condition-form-address-refused");

    await address.getByLabel("ZIP code").fill("80202");
    await address.getByRole("button", { name: "Send my answer" }).click();
    await maria.getByText(/^You answered on /).waitFor();
    const file = await loan.staff.trpc.portal.loan.get.query({ applicationId: loan.applicationId });
    expect(file.conditions.find((c) => c.code === 101)).toMatchObject({
      status: "answered",
      answers: {
        borrower: { answer: { line1: "12 Elm Street", city: "Denver", state: "CO", zip: "80202" } },
      },
    });
    await screenshot(maria, "condition-form-address-answered");
  });
});
