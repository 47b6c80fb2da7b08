// The FCRA 609(g) notice in Chromium: a processor records, on the file's Notices section, the
// credit score used from a credit report pulled elsewhere; the file then shows it with the notice
// sent, and a score outside its model's range is refused under its field. Screenshot, axe.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { makeApplicant } from "../helpers/accounts";
import { newestMail } from "../helpers/server";
import { ARTIFACTS, seriousA11yViolations, useE2E } from "./browser";
import { staffPage } from "./sessions";

const fixture = JSON.parse(
  readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
) as Record<string, any>;
const e2e = useE2E({ shared: true });

describe("the credit score used, recorded in the portal (e2e)", { timeout: 90_000 }, () => {
  it("records the score a processor used and sends the borrower their notice; refuses a score outside the model's range under its field", async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    const doc = structuredClone(fixture);
    doc.user.email = email;
    doc.coborrower.email = `${crypto.randomUUID()}@example.com`;
    const { applicationId } = await makeApplicant(e2e.server.services, {
      email,
      status: "applicationSubmitted",
      doc,
    });
    const portal = await staffPage(e2e, "processor");
    await portal.goto(`/portal/applications/${applicationId}`);
    const scores = portal.getByRole("region", { name: "Credit score notices table" });
    await scores
      .getByText("None recorded yet: the notice says no agency score has been used")
      .first()
      .waitFor();

    const form = portal.getByRole("form", { name: "Record the credit score used" });
    const fill = async (label: string, value: string) =>
      form.getByLabel(label, { exact: false }).first().fill(value);
    await fill("Credit score", "900");
    await fill("Scoring model", "FICO Score 8");
    await fill("Lowest possible score", "300");
    await fill("Highest possible score", "850");
    await fill("Date the score was created", "2026-11-20");
    await fill("Percent of consumers with a lower score", "58");
    await fill("Consumer reporting agency", "Equifax Information Services LLC");
    await fill("Agency's address", "P.O. Box 740241, Atlanta, GA 30374");
    await fill("Agency's telephone", "(866) 349-5191");
    await fill(
      "Key factors",
      "Proportion of balances to credit limits is too high\nLength of time accounts have been established",
    );
    await form.getByRole("button", { name: "Record the score and send the notice" }).click();
    await form.getByText("The score must be within the model's range, 300 to 850.").waitFor();

    await fill("Credit score", "742");
    await form.getByRole("button", { name: "Record the score and send the notice" }).click();
    await scores
      .getByText(
        /^742 \(FICO Score 8, 300 to 850\), created Nov 20, 2026 by Equifax Information Services LLC$/,
      )
      .waitFor();
    expect(await scores.getByText(/ by Priya Processor$/).count()).toBe(1);
    expect(newestMail(e2e.server.services.config.dataDir, email)).toContain(
      "Your credit score: notice to the home loan applicant",
    );
    expect(await seriousA11yViolations(portal)).toEqual([]);
    await portal
      .locator('section[aria-labelledby="notices"]')
      .screenshot({ path: join(ARTIFACTS, "portal-file-credit-score.png") });
  });
});
