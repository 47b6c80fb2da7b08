// Issue 38 item 7 in headless Chromium against the real server with its demo data: no portal page
// runs off a 390 px screen, nor does a filter run under the next at 1280 px; a PDF a borrower sent
// opens in the page (pdf.js draws its pages); a document's versions sit together, the latest
// first; the identity queue shows the ID beside the applicant's name, date of birth and home
// address; an invite's words come from the lender profile, and no code is in a mail subject.
// axe finds no serious violation. Screenshots at 390 and 1280 px land in tests/artifacts/portal-polish/.
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { readLenderProfile } from "@engine/lending/lender-file";
import { DEMO } from "@server/features/demo/seed";
import { makeApplicant } from "../helpers/accounts";
import { browser, mailedCode, newestMail, type Browser } from "../helpers/server";
import { ARTIFACTS, seriousA11yViolations, useE2E } from "./browser";

const e2e = useE2E({ demo: true });
const SHOTS = join(ARTIFACTS, "portal-polish");
mkdirSync(SHOTS, { recursive: true });

/** Screenshots at both widths; at each, nothing runs off the screen. */
async function shots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
    await expect(
      page.evaluate("document.documentElement.scrollWidth - window.innerWidth"),
      `${name} runs off a ${width} px screen`,
    ).resolves.toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A mail's subject, its folded header lines joined again. */
const subjectOf = (mail: string) =>
  /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(mail)?.[1]?.replace(/\r?\n[ \t]+/g, " ");

async function signInAdmin(page: Page) {
  await page.goto("/portal/login");
  await page.getByLabel("Email address").fill(DEMO.portal.email);
  await page.getByLabel("Password").fill(DEMO.portal.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByLabel("6-digit code").waitFor();
  const mail = newestMail(e2e.server.services.config.dataDir, DEMO.portal.email);
  // The code is in the mail's text, never in its subject (a lock screen shows subjects).
  expect(subjectOf(mail)?.trim()).toBe("Your partner portal sign-in code");
  await page
    .getByLabel("6-digit code")
    .fill(await mailedCode(e2e.server.services.config.dataDir, DEMO.portal.email));
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/portal");
  await page.getByRole("heading", { level: 1, name: "Applications" }).waitFor();
}

/** A statement of two pages, as a borrower sends one. */
async function statementPdf(month: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const n of [1, 2])
    pdf.addPage([612, 792]).drawText(`${month} statement, page ${n}`, { x: 72, y: 700, size: 24, font });
  return Buffer.from(await pdf.save());
}

async function upload(b: Browser, fields: Record<string, string>, file: Blob, name: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("file", file, name);
  const res = await b.fetch(`${e2e.server.url}/api/upload`, {
    method: "POST",
    headers: { "X-Same-Origin": "1", "X-Recaptcha-Token": await b.botToken() },
    body: form,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string };
}

describe("portal polish (issue 38 item 7, e2e)", { timeout: 240_000 }, () => {
  it("fits a phone, views a PDF in the page, groups a document's versions, and shows the identity facts beside the ID", async () => {
    // A borrower with a passport to check and a bank statement sent twice (the first one rejected).
    const who = await makeApplicant(e2e.server.services, {
      status: "incomeDocs",
      doc: {
        user: {
          firstName: "Priya",
          lastName: "Raman",
          dateOfBirth: "1984-03-14",
          address: { line1: "1200 Larimer Street", city: "Sacramento", state: "CA", zip: "95814" },
          ssn: "518274961",
        },
        identityVerification: { borrower: { idType: "passport" } },
      },
    });
    const b = browser(e2e.server.url);
    await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
    const jpeg = new Blob([readFileSync(join(REPO_ROOT, "web/public/og-image.jpg"))], { type: "image/jpeg" });
    await upload(b, { documentType: "id_document", side: "front" }, jpeg, "passport.jpg");
    const pdf = (month: string) =>
      statementPdf(month).then((bytes) => new Blob([bytes], { type: "application/pdf" }));
    await upload(b, { documentType: "bank_statements" }, await pdf("September"), "september.pdf");
    await upload(b, { documentType: "bank_statements" }, await pdf("August"), "august.pdf");
    await upload(b, { documentType: "bank_statements" }, await pdf("September again"), "september-full.pdf");

    // The page runs under the site's own Content Security Policy (pdf.js must work within it); axe,
    // injected as a script, runs on a second page of the same session that lets it past the policy.
    const { page, context } = await e2e.page(1280);
    await signInAdmin(page);
    const axePage = await e2e.page(1280, { bypassCSP: true });
    await axePage.context.addCookies(await context.cookies());
    const axeOn = async (path: string, ready: (p: Page) => Promise<unknown>) => {
      await axePage.page.goto(path);
      await ready(axePage.page);
      return seriousA11yViolations(axePage.page);
    };
    // The pipeline: a long step chosen keeps to its own column.
    const options = await page.getByLabel("Step").locator("option").allInnerTexts();
    const longest = options.reduce((a, b) => (b.length > a.length ? b : a));
    await page.getByLabel("Step").selectOption({ label: longest });
    const step = await page.getByLabel("Step").boundingBox();
    const officer = await page.getByLabel("Loan officer").boundingBox();
    expect(step!.x + step!.width).toBeLessThanOrEqual(officer!.x);
    await shots(page, "pipeline");

    await page.goto(`/portal/applications/${who.applicationId}`);
    await page.getByRole("heading", { level: 1, name: /Priya Raman/ }).waitFor();
    // A document's files together, the latest first.
    const rows = page.getByRole("region", { name: "Files received table" }).locator("tbody tr");
    await rows.first().waitFor();
    const names = await rows.locator('td[data-label="File"]').allInnerTexts();
    const statements = names.filter((n) => n.includes(".pdf")).map((n) => n.split("\n")[0]);
    expect(statements).toEqual(["september-full.pdf", "august.pdf", "september.pdf"]);
    await expect(rows.filter({ hasText: "august.pdf" }).getAttribute("data-version")).resolves.toBe(
      "earlier",
    );
    // The audit trail in words, the passport named as the passport it is.
    const trail = page.getByRole("region", { name: "Audit trail table" });
    await trail.getByText("Uploaded Photo ID (passport, front side)").waitFor();
    await expect(trail.getByText(/Driver's license/).count()).resolves.toBe(0);
    // Which fields changed, by their labels: the stored pointer is only the item's hover title.
    const changed = (await trail.locator('td[data-label="Changed fields"]').allInnerTexts()).join("\n");
    expect(changed).toMatch(/Uploaded documents: Upload \(#\d+\)/);
    expect(changed).not.toMatch(/(^|\s)\/[a-z]/m);
    await shots(page, "file");
    await expect(
      axeOn(`/portal/applications/${who.applicationId}`, (p) =>
        p.getByRole("heading", { level: 1, name: /Priya Raman/ }).waitFor(),
      ),
    ).resolves.toEqual([]);

    // The PDF opens in the page: pdf.js draws its two pages.
    await page.getByRole("button", { name: "View september-full.pdf" }).click();
    const dialog = page.getByRole("dialog", { name: "september-full.pdf" });
    await dialog.locator('canvas[data-page="2"]').waitFor({ timeout: 30_000 });
    await dialog.getByText("2 pages").waitFor();
    await expect(dialog.locator("canvas").count()).resolves.toBe(2);
    await shots(page, "file-viewer");
    await dialog.getByRole("button", { name: "Close" }).click();

    // The identity queue: the ID beside what the application says of her.
    await page.goto("/portal/identity-reviews");
    const card = page.getByRole("article", { name: "Priya Raman" });
    await card.waitFor();
    const facts = card.getByRole("definition");
    await expect(facts.allInnerTexts()).resolves.toEqual([
      "Priya Raman",
      "March 14, 1984",
      "1200 Larimer Street, Sacramento, CA 95814",
    ]);
    await card.getByRole("img", { name: /Front of the ID/ }).waitFor();
    await shots(page, "identity-queue");
    await expect(
      axeOn("/portal/identity-reviews", (p) => p.getByRole("article", { name: "Priya Raman" }).waitFor()),
    ).resolves.toEqual([]);

    // Users: an invite in the lender's own name; someone still invited is sent the invite again, not a password reset.
    await page.goto("/portal/manage-users");
    await page.getByRole("heading", { level: 1, name: "Manage users" }).waitFor();
    const email = `new.officer.${Date.now()}@example.com`;
    await page.getByLabel("Full name").fill("Nora Officer");
    await page.getByLabel("Work email").fill(email);
    await page.getByRole("radio", { name: /Loan officer/ }).check();
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.getByRole("row").filter({ hasText: email }).waitFor();
    // The invite is mailed after the answer (an invite is answered alike whoever it names): waited for.
    const mailed = () => {
      try {
        return newestMail(e2e.server.services.config.dataDir, email);
      } catch {
        return null;
      }
    };
    await expect.poll(mailed, { timeout: 15_000 }).not.toBeNull();
    const invite = mailed()!;
    const { legalName } = readLenderProfile();
    expect(subjectOf(invite)?.trim()).toBe(`You are invited to the ${legalName} partner portal`);
    expect(invite).not.toMatch(/Our lending team partner portal/);
    const row = page.getByRole("row").filter({ hasText: email });
    await row.getByRole("button", { name: /Send the invite again/ }).waitFor();
    await expect(row.getByRole("button", { name: /Reset password/ }).count()).resolves.toBe(0);
    const first = invite.match(/token=([\w-]+)/)?.[1];
    expect(first).toBeTruthy();
    await row.getByRole("button", { name: /Send the invite again/ }).click();
    await page.getByRole("alertdialog", { name: "Send Nora Officer the invite again?" }).waitFor();
    await page.getByRole("button", { name: "Send the invite again", exact: true }).click();
    await page.getByText("We emailed Nora Officer a new invite link.").waitFor();
    const again = newestMail(e2e.server.services.config.dataDir, email);
    expect(subjectOf(again)?.trim()).toBe(`You are invited to the ${legalName} partner portal`);
    expect(again.match(/token=([\w-]+)/)?.[1]).not.toBe(first);
    await shots(page, "users");
    await expect(
      axeOn("/portal/manage-users", (p) => p.getByRole("row").filter({ hasText: email }).waitFor()),
    ).resolves.toEqual([]);
  });

  it("leads staff who type an address back to the portal: the list's own address opens the list, an unknown one says so in the portal's frame", async () => {
    const { page } = await e2e.page(1280);
    await signInAdmin(page);
    await page.goto("/portal/applications");
    await page.waitForURL((url) => url.pathname === "/portal");
    await page.getByRole("heading", { level: 1, name: "Applications" }).waitFor();
    await page.goto("/portal/no-such-page");
    await page.getByRole("heading", { level: 1, name: "We could not find that page" }).waitFor();
    // The portal's header, not the consumer site's navigation.
    await expect(page.getByText("Partner portal", { exact: true }).count()).resolves.toBeGreaterThan(0);
    await expect(page.getByRole("link", { name: "FAQ" }).count()).resolves.toBe(0);
    await page.getByRole("link", { name: "Go to the applications list" }).click();
    await page.waitForURL((url) => url.pathname === "/portal");
  });
});
