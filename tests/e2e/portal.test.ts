// The partner portal in headless Chromium against the real server with its demo data: an
// administrator signs in with password and mailed code, invites a loan officer, who sets a
// password from the invite mail, signs in and sees the application the administrator assigns to
// them (and nothing their role does not allow); a processor approves an identity check from the
// queue and finds the approval in the application's audit trail with its definitions version; an
// administrator works the pipeline as a loan officer would (search, filters and sort in the URL,
// the offer's line, APR and CLTV, a document accepted and one rejected, a note);
// axe finds no serious or critical violation on the portal's pages. Screenshots land in
// tests/artifacts/portal/.
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { REPO_ROOT } from "@engine/base/paths";
import { portalUsers } from "@server/persistence/db/schema";
import { DEMO } from "@server/features/demo/seed";
import { makeApplicant } from "../helpers/accounts";
import { browser, mailedCode, newestMail } from "../helpers/server";
import { ARTIFACTS, seriousA11yViolations, useE2E } from "./browser";

const e2e = useE2E({ demo: true });

const SHOTS = join(ARTIFACTS, "portal");
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

const [processor, officer] = DEMO.staff as [(typeof DEMO.staff)[number], (typeof DEMO.staff)[number]];
const admin = DEMO.portal;

const newestMailTo = (email: string) => newestMail(e2e.server.services.config.dataDir, email);

/** Both factors, as a person does: email and password, then the code from the mail. */
async function signIn(page: Page, who: { email: string; password: string }, codeShot?: string) {
  await page.goto("/portal/login");
  await page.getByLabel("Email address").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByLabel("6-digit code").waitFor();
  await page.getByText(`We emailed a 6-digit code to ${who.email}`).waitFor();
  if (codeShot) await shot(page, codeShot);
  const code = await mailedCode(e2e.server.services.config.dataDir, who.email);
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/portal");
  await page.getByRole("heading", { level: 1, name: "Applications" }).waitFor();
}

/**
 * A page signed in as the demo administrator. The first signs in with both factors; the others
 * reuse its cookies, since a person gets only 3 codes per 15 minutes.
 */
let adminCookies: Awaited<ReturnType<BrowserContext["cookies"]>> | null = null;
async function signedInAdmin(width = 1280, options: { bypassCSP?: boolean } = {}) {
  const { context, page } = await e2e.page(width, options);
  if (adminCookies) {
    await context.addCookies(adminCookies);
    await page.goto("/portal");
    await page.getByRole("heading", { level: 1, name: "Applications" }).waitFor();
  } else {
    await signIn(page, admin, "login-code-1280");
    adminCookies = await context.cookies();
  }
  return page;
}

/** A toast (its title; the live region repeats it for screen readers). */
const toast = (page: Page, text: string) =>
  page.locator(".fui-Toast").filter({ hasText: text }).first().waitFor();
/** The texts of a table row's cells, once the row is there. */
const cellsOf = async (row: ReturnType<Page["getByRole"]>) => {
  await row.waitFor();
  return row.getByRole("cell").allInnerTexts();
};

const portalNav = (page: Page) => page.getByRole("navigation", { name: "Portal" });

/** An applicant whose passport is uploaded through the real API: a pending identity check. */
async function applicantWithPendingId(
  firstName: string,
  lastName: string,
  extra: Record<string, unknown> = {},
) {
  const who = await makeApplicant(e2e.server.services, {
    status: "incomeDocs",
    doc: {
      user: { firstName, lastName, ssn: "518274961" },
      identityVerification: { borrower: { idType: "passport" } },
      ...extra,
    },
  });
  const b = browser(e2e.server.url);
  expect(
    (await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password })).status,
  ).toBe(200);
  const form = new FormData();
  form.append("documentType", "id_document");
  form.append("side", "front");
  form.append(
    "file",
    new Blob([readFileSync(join(REPO_ROOT, "web/public/og-image.jpg"))], { type: "image/jpeg" }),
    "passport.jpg",
  );
  const res = await b.fetch(`${e2e.server.url}/api/upload`, {
    method: "POST",
    headers: { "X-Same-Origin": "1", "X-Recaptcha-Token": await b.botToken() },
    body: form,
  });
  expect(res.status).toBe(201);
  expect(((await res.json()) as { identityReview: string | null }).identityReview).toBe("pending");
  return who;
}

// Generous: sign-in solves bot-check challenges, and a slow machine solves them slowly.
describe("partner portal (e2e, headless Chromium)", { timeout: 180_000 }, () => {
  it("an administrator invites a loan officer, who sets a password, signs in and sees the application assigned to them", async () => {
    const { page: visitor } = await e2e.page();
    await visitor.goto("/portal");
    await visitor.waitForURL(/\/portal\/login\?error=SessionRequired/);
    await visitor.getByText("Please sign in to continue.").waitFor();
    const adminPage = await signedInAdmin();
    await expect(portalNav(adminPage).getByRole("link").allInnerTexts()).resolves.toEqual([
      "Applications",
      "Identity reviews",
      "Manage users",
      "Funnel map",
      "Translations",
      "Definition changes",
      "Funnel analytics",
      "Notices sent",
      "Texts and mail",
      "LOS access",
    ]);
    // Both demo applications, with masked SSNs only.
    const pipeline = adminPage.getByRole("table");
    await pipeline.getByRole("link", { name: "Maria Alvarez and James Alvarez" }).waitFor();
    await pipeline.getByRole("link", { name: "Dana Rivera" }).waitFor();
    expect(await pipeline.innerText()).not.toContain("518274961");
    await expect(pipeline.innerText()).resolves.toMatch(/\*\*\* - \*\* - \d{4}/);
    await shot(adminPage, "pipeline-1280");
    // The translations page: each language's stale and missing strings.
    await portalNav(adminPage).getByRole("link", { name: "Translations" }).click();
    await adminPage
      .getByRole("heading", { level: 2, name: /^es: \d+ current, 0 stale, \d+ missing$/ })
      .waitFor();
    await shot(adminPage, "translations-1280");
    await portalNav(adminPage).getByRole("link", { name: "Applications" }).click();
    await pipeline.getByRole("link", { name: "Dana Rivera" }).waitFor();

    // The invitation.
    await portalNav(adminPage).getByRole("link", { name: "Manage users" }).click();
    await adminPage.getByRole("heading", { level: 1, name: "Manage users" }).waitFor();
    const email = `olivia.${Date.now()}@lender.example`;
    await adminPage.getByLabel("Full name").fill("Olivia Officer");
    await adminPage.getByLabel("Work email").fill(email);
    await adminPage.getByRole("button", { name: "Send invitation" }).click();
    await adminPage.getByText("Choose a role.").waitFor(); // nothing is sent without a role
    await adminPage.getByRole("radio", { name: /Loan officer/ }).check();
    await adminPage.getByRole("button", { name: "Send invitation" }).click();
    await adminPage.getByText(`We emailed an invitation to ${email}`).waitFor();
    const invited = adminPage.getByRole("row", { name: /Olivia Officer/ });
    await expect(cellsOf(invited)).resolves.toEqual([
      "Olivia Officer",
      email,
      "Loan officer",
      "None", // no NMLS ID yet (the loan originator profile, issue 37 8c)
      "Invited",
      expect.stringContaining("Change role"),
    ]);
    // The administrator's own row offers nothing to change, and the server's rule shows when broken.
    await expect(
      adminPage
        .getByRole("row", { name: /Demo Administrator/ })
        .getByRole("button")
        .count(),
    ).resolves.toBe(0);
    await shot(adminPage, "manage-users-1280");

    // The invitee opens the mailed link and sets a password (too short first). It is mailed after the answer.
    await e2e.server.services.settled();
    const link = /(https?:\/\/\S+\/portal\/set-password\?token=[A-Za-z0-9_-]{43})/.exec(
      newestMailTo(email),
    )![1]!;
    const { page: officerPage } = await e2e.page();
    await officerPage.goto(link);
    await officerPage.getByRole("heading", { level: 1, name: "Set your password" }).waitFor();
    await officerPage.getByLabel(/^New password/).fill("too short");
    await officerPage.getByLabel("Confirm the new password").fill("too short");
    await officerPage.getByRole("button", { name: "Set password" }).click();
    await officerPage.getByText("Use at least 12 characters (you have 9).").waitFor();
    await shot(officerPage, "set-password-1280");
    const password = "olivia's long passphrase";
    await officerPage.getByLabel(/^New password/).fill(password);
    await officerPage.getByLabel("Confirm the new password").fill(password);
    await officerPage.getByRole("button", { name: "Set password" }).click();
    await officerPage.waitForURL("**/portal/login?passwordSet=1");
    await officerPage.getByText("Your password is set. Sign in.").waitFor();
    // The link works once.
    const { page: again } = await e2e.page();
    await again.goto(link);
    await again.getByRole("heading", { level: 1, name: "This link no longer works" }).waitFor();

    // Signed in, with nothing assigned yet, and no page their role does not allow.
    await signIn(officerPage, { email, password });
    await officerPage.getByRole("heading", { name: "No applications are assigned to you yet" }).waitFor();
    await expect(portalNav(officerPage).getByRole("link").allInnerTexts()).resolves.toEqual([
      "Applications",
      "Notices sent",
    ]);
    await shot(officerPage, "pipeline-empty-officer-1280");

    // The administrator assigns the second application to the new loan officer.
    await portalNav(adminPage).getByRole("link", { name: "Applications" }).click();
    await adminPage.getByRole("link", { name: "Maria Alvarez and James Alvarez" }).click();
    await adminPage.getByRole("heading", { level: 1, name: "Maria Alvarez and James Alvarez" }).waitFor();
    // Without an NMLS ID she is shown but not offered, and the page says why (the SAFE Act).
    const unregistered = adminPage
      .getByLabel("Loan officer")
      .locator("option", { hasText: "Olivia Officer" });
    await expect(unregistered.innerText()).resolves.toBe("Olivia Officer (no NMLS ID)");
    await expect(unregistered.isDisabled()).resolves.toBe(true);
    await adminPage.getByText("A loan officer without an NMLS ID cannot be assigned").waitFor();
    // The administrator sets it on her loan originator profile, then assigns the file.
    const fileUrl = adminPage.url();
    await portalNav(adminPage).getByRole("link", { name: "Manage users" }).click();
    const profile = adminPage.getByRole("form", { name: "Loan originator profile" });
    await profile.getByLabel("Colleague").selectOption({ label: "Olivia Officer (Loan officer)" });
    await profile.getByLabel("NMLS ID").fill("1357913");
    await profile.getByRole("button", { name: "Save profile" }).click();
    await profile.getByText("Saved Olivia Officer's loan originator profile.").waitFor();
    await adminPage.goto(fileUrl);
    await adminPage.getByRole("heading", { level: 1, name: "Maria Alvarez and James Alvarez" }).waitFor();
    await adminPage.getByLabel("Loan officer").selectOption({ label: "Olivia Officer" });
    await adminPage.getByRole("button", { name: "Save assignment" }).click();
    await toast(adminPage, "Assigned to Olivia Officer");
    await adminPage.getByRole("table").filter({ hasText: "Assigned to a loan officer" }).waitFor();

    await officerPage.reload();
    await officerPage.getByRole("link", { name: "Maria Alvarez and James Alvarez" }).click();
    await officerPage.getByRole("heading", { level: 1, name: "Maria Alvarez and James Alvarez" }).waitFor();
    await officerPage.getByRole("heading", { name: "Audit trail" }).waitFor();
    // Only the application assigned to them: the demo applicant is another officer's.
    await officerPage.goto("/portal");
    await officerPage.getByRole("link", { name: "Maria Alvarez and James Alvarez" }).waitFor();
    await expect(officerPage.getByRole("link", { name: "Dana Rivera" }).count()).resolves.toBe(0);
    await officerPage.goto("/portal/manage-users");
    await officerPage.getByText("Your role does not allow this page.").waitFor();
    await expect(officerPage.getByLabel("Work email").count()).resolves.toBe(0);
    await shot(officerPage, "manage-users-refused-officer-1280");
  });

  it("asks before changing an account, and shows the server's refusal when the page is out of date", async () => {
    const page = await signedInAdmin();
    await page.goto("/portal/manage-users");
    const row = page.getByRole("row", { name: /Priya Processor/ });
    const dialog = page.getByRole("alertdialog");
    // A role change, confirmed in the dialog, and back.
    await row.getByRole("button", { name: "Change role Priya Processor" }).click();
    await dialog.getByRole("radio", { name: /Administrator/ }).check();
    await dialog.getByRole("button", { name: "Save role" }).click();
    await page.getByText("Priya Processor is now Administrator.").waitFor();
    await expect.poll(async () => (await cellsOf(row))[2]).toBe("Administrator");
    await row.getByRole("button", { name: "Change role Priya Processor" }).click();
    await dialog.getByRole("radio", { name: /Processor/ }).check();
    await dialog.getByRole("button", { name: "Save role" }).click();
    await page.getByText("Priya Processor is now Processor.").waitFor();
    // Cancelling changes nothing.
    await row.getByRole("button", { name: "Deactivate Priya Processor" }).click();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(async () => (await cellsOf(row))[4]).toBe("Active");
    // Someone else deactivates her meanwhile: resetting her password is refused, in the server's words.
    const { db } = e2e.server.services;
    await db
      .update(portalUsers)
      .set({ disabledAt: new Date() })
      .where(eq(portalUsers.email, processor.email));
    await row.getByRole("button", { name: "Reset password Priya Processor" }).click();
    await dialog.getByRole("button", { name: "Reset password" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: "Reactivate this user before resetting their password." })
      .waitFor();
    await expect.poll(async () => (await cellsOf(row))[4]).toBe("Deactivated");
    await shot(page, "manage-users-refusal-1280");
    await row.getByRole("button", { name: "Reactivate Priya Processor" }).click();
    await dialog.getByRole("button", { name: "Reactivate" }).click();
    await page.getByText("Priya Processor can sign in again.").waitFor();
    await expect.poll(async () => (await cellsOf(row))[4]).toBe("Active");
  });

  it("a processor approves an identity check from the queue, and the audit trail shows it with its definitions version", async () => {
    const applicant = await applicantWithPendingId("Jordan", "Lee");
    const { page } = await e2e.page();
    await signIn(page, processor);
    await expect(portalNav(page).getByRole("link").allInnerTexts()).resolves.toEqual([
      "Applications",
      "Identity reviews",
      "Notices sent",
    ]);
    await portalNav(page).getByRole("link", { name: "Identity reviews" }).click();
    const card = page.getByRole("article", { name: "Jordan Lee" });
    await card.waitFor();
    await expect(card.innerText()).resolves.toContain("Passport");
    // The ID itself, inline, from its blob.
    const photo = card.getByRole("img", { name: "Front of the ID" });
    await photo.waitFor();
    await expect
      .poll(() => photo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    // A rejection needs a reason.
    await card.getByRole("button", { name: "Reject the ID of Jordan Lee" }).click();
    await card.getByRole("button", { name: "Reject the ID" }).click();
    await card.getByText("Enter the reason").waitFor();
    await shot(page, "identity-reviews-1280");
    await card.getByRole("button", { name: "Cancel" }).click();
    await card.getByRole("button", { name: "Approve the ID of Jordan Lee" }).click();
    await toast(page, "Identity approved: Jordan Lee");
    await expect.poll(() => page.getByRole("article", { name: "Jordan Lee" }).count()).toBe(0);

    await page.goto(`/portal/applications/${applicant.applicationId}`);
    await page.getByRole("heading", { level: 1, name: "Jordan Lee" }).waitFor();
    const approval = page
      .getByRole("region", { name: "Audit trail table" })
      .getByRole("row", { name: /Identity check approved \(borrower\)/ });
    await expect(approval.innerText()).resolves.toContain("Priya Processor");
    await expect(approval.innerText()).resolves.toContain(e2e.server.services.definitionsVersion);
    await expect(page.getByRole("region", { name: "Identity checks table" }).innerText()).resolves.toMatch(
      /approved/,
    );
    // The uploaded passport, opened from the application.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download passport.jpg" }).click();
    expect((await download).suggestedFilename()).toBe("passport.jpg");
    await shot(page, "application-1280");
  });

  it("a loan officer's workbench: searches and filters the pipeline (kept in the URL), reads the line, APR and CLTV, accepts and rejects documents and writes a note", async () => {
    const setup = (value: number, owed: number) => ({
      setup: {
        propertyValue: value,
        mortgageBalance: owed,
        propertyUsage: "primaryResidence",
        creditRange: "excellent",
      },
    });
    const quinn = await applicantWithPendingId("Quinn", "Workbench", setup(500000, 200000));
    const rory = await applicantWithPendingId("Rory", "Workbench", setup(800000, 100000));
    const page = await signedInAdmin(1280, { bypassCSP: true });
    const pipeline = page.getByRole("region", { name: "Applications table" });

    // Search by name; the choice goes into the URL and survives a reload.
    await page.getByRole("searchbox", { name: "Search" }).fill("workbench");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === "workbench");
    await page.getByText("2 applications match.").waitFor();
    await page.getByLabel("Sort by").selectOption({ label: "Line amount" });
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "lineAmount");
    await expect
      .poll(async () => (await pipeline.getByRole("link").allInnerTexts()).join(" | "), { timeout: 15_000 })
      .toBe("Rory Workbench | Quinn Workbench");
    await page.reload();
    await expect
      .poll(async () => (await pipeline.getByRole("link").allInnerTexts()).join(" | "), { timeout: 15_000 })
      .toBe("Rory Workbench | Quinn Workbench");
    await expect(page.getByRole("searchbox", { name: "Search" }).inputValue()).resolves.toBe("workbench");
    // $500,000 at 85% less $200,000: a $225,000 line at 8.24%, CLTV (200,000 + 225,000) ÷ 500,000.
    const quinnRow = pipeline.getByRole("row", { name: /Quinn Workbench/ });
    await expect(quinnRow.innerText()).resolves.toMatch(/\$225,000[\s\S]*APR 8\.24%, CLTV 85%/);
    // A filter by step, and one nothing matches.
    await page.getByLabel("Step").selectOption("incomeDocs");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.searchParams.get("step") === "incomeDocs");
    await page.getByText("2 applications match.").waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, "workbench-pipeline-1280");
    await page.getByRole("searchbox", { name: "Search" }).fill("nobody called this");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByRole("heading", { name: "No application matches" }).waitFor();
    await page.getByRole("button", { name: "Clear" }).click();
    await page.waitForURL((url) => url.search === "");

    // Quinn's file: the offer, the passport accepted.
    await page.goto(`/portal/applications/${quinn.applicationId}`);
    await page.getByRole("heading", { level: 1, name: "Quinn Workbench" }).waitFor();
    await expect(page.locator(".portal-facts").first().innerText()).resolves.toMatch(
      /Line amount\s+\$225,000[\s\S]*APR\s+8\.24%[\s\S]*CLTV \(line fully drawn\)\s+85%/,
    );
    await page.getByRole("button", { name: "Accept passport.jpg" }).click();
    await page.getByRole("region", { name: "Files received table" }).getByText("accepted").waitFor();
    // A note, refused empty, then saved with its author.
    await page.getByRole("button", { name: "Save note" }).click();
    await page.getByText("Write the note first.").waitFor();
    await page.getByLabel("Add a note").fill("Appraisal ordered; the borrower prefers mornings.");
    await page.getByRole("button", { name: "Save note" }).click();
    const notes = page.getByRole("list", { name: "Notes" });
    await notes.getByText("Appraisal ordered; the borrower prefers mornings.").waitFor();
    await expect(notes.innerText()).resolves.toContain("Demo Administrator");
    await page
      .getByRole("region", { name: "Audit trail table" })
      .getByRole("row", { name: /Added a note/ })
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, "workbench-application-1280");

    // Rory's passport rejected, with the reason the applicant reads.
    await page.goto(`/portal/applications/${rory.applicationId}`);
    await page.getByRole("heading", { level: 1, name: "Rory Workbench" }).waitFor();
    await page.getByRole("button", { name: "Reject passport.jpg" }).click();
    await page
      .getByLabel(/Why \(the applicant reads this\)/)
      .fill("The photo is cut off at the bottom; please upload the whole page.");
    await page.getByRole("button", { name: "Reject passport.jpg" }).click();
    const files = page.getByRole("region", { name: "Files received table" });
    await files.getByText("rejected").waitFor();
    await files.getByText("The photo is cut off at the bottom; please upload the whole page.").waitFor();

    const phone = await signedInAdmin(390);
    await phone.goto("/portal?q=workbench&sort=lineAmount");
    await phone.getByText("2 applications match.").waitFor();
    await shot(phone, "workbench-pipeline-390");
    await phone.goto(`/portal/applications/${quinn.applicationId}`);
    await phone.getByRole("list", { name: "Notes" }).waitFor();
    await shot(phone, "workbench-application-390");
  });

  it("has no serious or critical accessibility violations on the portal's pages, and fits a phone", async () => {
    await applicantWithPendingId("Avery", "Stone");
    // The server's CSP refuses inline scripts, so axe-core is injected into a context that bypasses it.
    const page = await signedInAdmin(1280, { bypassCSP: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Maria Alvarez and James Alvarez" }).click();
    await page.getByRole("heading", { name: "Audit trail" }).waitFor();
    await page.getByRole("heading", { name: "Answers", exact: true }).waitFor();
    await page.locator("section[aria-labelledby=answers] dl").first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto("/portal/manage-users");
    await page.getByRole("button", { name: "Send invitation" }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto("/portal/identity-reviews");
    await page.getByRole("article", { name: "Avery Stone" }).getByRole("img").waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto("/portal/funnel-map");
    await page.locator(".portal-map svg").waitFor();
    await shot(page, "funnel-map-1280");
    // The drawing fits its frame: every text (a skip's label left of the first lane too) lies inside the SVG's box.
    const outside = (await page.evaluate(`(() => {
      const svg = document.querySelector(".portal-map svg");
      const frame = svg.getBoundingClientRect();
      return [...svg.querySelectorAll("text")].filter((t) => {
        const box = t.getBoundingClientRect();
        return box.left < frame.left || box.right > frame.right || box.top < frame.top || box.bottom > frame.bottom;
      }).map((t) => t.textContent);
    })()`)) as string[];
    expect(await page.locator(".portal-map svg text").count()).toBeGreaterThan(50);
    expect(outside).toEqual([]);
    await page.getByRole("link", { name: "Definition changes" }).click();
    await page.getByText(/no change is waiting/).waitFor({ timeout: 60_000 }); // the files are checked: seconds of CPU
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, "definitions-impact-1280");

    const phone = await signedInAdmin(390);
    await shot(phone, "pipeline-390");
    await phone.getByRole("link", { name: "Maria Alvarez and James Alvarez" }).click();
    await phone.getByRole("heading", { name: "Audit trail" }).waitFor();
    await shot(phone, "application-390");
  });
});
