// Funnel analytics in a real browser (issue 11): an applicant walks the early funnel into the
// application, answering their name, email, SSN and phone; the server's funnel_events then hold
// viewed and completed events for those steps, a "left" for the page they left, and none of
// what they typed.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { funnelEvents } from "@server/persistence/db/schema";
import { answerAll, next } from "./answer";
import { useE2E } from "./browser";
import { accountSetup, earlyFunnel } from "./early-funnel";

const e2e = useE2E();

const who = {
  firstName: "Zephyrine",
  lastName: "Quillfeather",
  email: `zephyrine.${Date.now()}@example.com`,
  ssn: "512346789",
  phone: "3035550142",
};

async function toTheApplication(page: Page) {
  await earlyFunnel(page, {
    value: 640000,
    owed: 250000,
    firstName: who.firstName,
    lastName: who.lastName,
    email: who.email,
  });
  await next(page, "/app/initial-setup/preview-offer");
  await page
    .getByText(/Line amount/)
    .first()
    .waitFor();
  await next(page, "/app/initial-setup/phone", "Continue to application");
  await accountSetup(page, e2e.server.services.config.dataDir, { phone: who.phone });
  await answerAll(page, {
    "/user/dateOfBirth": "03/14/1984",
    "/user/ssn": who.ssn,
    "/user/citizenship": "U.S. citizen",
    "/user/maritalStatus": "Married",
    "/user/militaryStatus": "None",
    "/user/address/line1": "1200 Larimer Street",
    "/user/address/city": "Sacramento",
    "/user/address/state": "California",
    "/user/address/zip": "95814",
    "/user/yearsAtAddress": 6,
    "/setup/hasCoborrower": false,
  });
  await next(page, "/app/application/2");
  await page.locator('[data-pointer="/property/line1"]').first().waitFor();
}

describe("funnel analytics in the browser (e2e)", { timeout: 180_000 }, () => {
  it("records viewed, completed and left events that hold no email, name, SSN or phone", async () => {
    const { page } = await e2e.page();
    await toTheApplication(page);
    // Leaving the funnel for another site's page sends the open step's "left" event as the page goes.
    await page.goto("about:blank");

    const rows = async () => e2e.server.services.db.select().from(funnelEvents).orderBy(funnelEvents.id);
    await expect
      .poll(async () => (await rows()).some((r) => r.kind === "left" && r.stepId === "application3"), {
        timeout: 10_000,
      })
      .toBe(true);
    const all = await rows();
    const has = (kind: string, stepId: string) => all.some((r) => r.kind === kind && r.stepId === stepId);
    for (const stepId of ["name", "email", "propertyValue", "previewOffer", "application"]) {
      expect(has("viewed", stepId), `viewed ${stepId}`).toBe(true);
      expect(has("completed", stepId), `completed ${stepId}`).toBe(true);
    }
    expect(has("viewed", "application3") && !has("completed", "application3")).toBe(true);
    // One journey, with the variant the server chose once the first answer was saved.
    expect(new Set(all.map((r) => r.journeyId)).size).toBe(1);
    expect(all.find((r) => r.stepId === "email")?.variant).toMatch(/^variant(One|Two)$/);
    expect(
      all
        .filter((r) => r.kind === "completed")
        .every((r) => typeof r.durationMs === "number" && r.durationMs >= 0),
    ).toBe(true);
    // Whose steps: the borrower's (step.get names the reader's role once their first answer is saved).
    expect(all.filter((r) => r.stepId === "application").map((r) => r.role)).toEqual([
      "borrower",
      "borrower",
    ]);

    // No personal data anywhere: every column of every row, as text.
    const text = JSON.stringify(all).toLowerCase();
    const ssnDigits = who.ssn.replace(/\D/g, "");
    for (const value of [
      who.email,
      who.firstName,
      who.lastName,
      ssnDigits,
      `${ssnDigits.slice(0, 3)}-${ssnDigits.slice(3, 5)}-${ssnDigits.slice(5)}`,
      ssnDigits.slice(-4),
      who.phone,
      "555-0142",
      "5550142",
    ])
      expect(text, `funnel_events must not contain "${value}"`).not.toContain(value.toLowerCase());
  });
});
