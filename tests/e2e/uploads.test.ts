// Uploads people like (issue 23, item 4), in headless Chromium against the real server: on the
// application's document checklist several files dropped at once on a document's box are all
// uploaded, photos show as thumbnails, each file has its name and a remove button, each document
// says where it stands in words and why we ask in the applicant's words, each upload input has its
// own name, and the step's button says "Continue" once every document is in. On a phone the
// checklist offers "Take a photo" (a camera input, capture="environment"). Screenshots land in
// tests/artifacts/uploads/.
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, JSHandle, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { applicantText } from "@engine/lending/documents";
import { REPO_ROOT } from "@engine/base/paths";
import { makeApplicant } from "../helpers/accounts";
import { browser as apiBrowser, type Browser as ApiBrowser } from "../helpers/server";
import { ARTIFACTS, useE2E } from "./browser";

const e2e = useE2E({ shared: true });

const SHOTS = join(ARTIFACTS, "uploads");
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

const PHOTO = readFileSync(join(REPO_ROOT, "web/public/og-image.jpg"));
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

/**
 * axe's serious and critical violations, as browser.ts's seriousA11yViolations finds them, on a page
 * under the real content security policy (which refuses the inline script tag that helper adds): the
 * previews must load under it. Page code is evaluated by the browser's debugger, which CSP does not govern.
 */
const AXE = readFileSync(join(REPO_ROOT, "node_modules/axe-core/axe.min.js"), "utf8");
async function seriousA11yViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const violations = (await page.evaluate(
    `axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 3) })))`,
  )) as {
    id: string;
    impact: string | null;
    targets: string[];
  }[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}) at ${v.targets.join(", ")}`);
}

async function carryCookies(from: ApiBrowser, to: BrowserContext) {
  await to.addCookies([...from.cookies].map(([name, value]) => ({ name, value, url: e2e.server.url })));
}

/** A signed-in applicant at the document checklist: one borrower, Rae Jensen, who chose a passport as photo ID. */
async function atTheChecklist(width: number) {
  const email = `uploads.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
  const who = await makeApplicant(e2e.server.services, {
    email,
    status: "incomeDocs",
    doc: {
      user: { email, firstName: "Rae", lastName: "Jensen" },
      setup: { hasCoborrower: false },
      identityVerification: { borrower: { idType: "passport" } },
    },
  });
  const api = apiBrowser(e2e.server.url);
  expect(
    (await api.auth("Applicant", "callback/credentials", { email: who.email, password: who.password }))
      .status,
  ).toBe(200);
  const { context, page } = await e2e.page(width, { bypassCSP: false });
  await carryCookies(api, context);
  await page.goto("/app/application/upload");
  await page.getByRole("heading", { level: 1, name: "Documents we need from you" }).waitFor();
  return page;
}

/** A DataTransfer made in the page holding the given files, as a drag from the desktop carries them. */
function dataTransferOf(
  page: Page,
  files: { name: string; type: string; bytes: Buffer }[],
): Promise<JSHandle> {
  const plain = files.map((f) => ({ name: f.name, type: f.type, base64: f.bytes.toString("base64") }));
  // Browser code as a string: tests/ is type-checked without the DOM library.
  return page.evaluateHandle(
    `((files) => {
      const dt = new DataTransfer();
      for (const f of files) {
        const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        dt.items.add(new File([bytes], f.name, { type: f.type }));
      }
      return dt;
    })(${JSON.stringify(plain)})`,
  );
}

const item = (page: Page, documentType: string) => page.locator(`li[data-document-type="${documentType}"]`);
const button = (page: Page) => page.locator('form button[type="submit"]');

describe("uploading documents (e2e, headless Chromium)", { timeout: 180_000 }, () => {
  it("takes three bank statements dropped at once, shows each with a preview and a remove button, and says Continue once everything is in", async () => {
    const page = await atTheChecklist(1280);
    const statements = item(page, "bank_statements");
    await statements.waitFor();
    // Where it stands, and why in the applicant's words (not the underwriting rule).
    await expect(statements.getByText("Needed", { exact: true }).count()).resolves.toBe(1);
    await statements.getByText(applicantText(e2e.server.services.defs, "bank_statements")!).waitFor();
    await expect(statements.getByText(/so we can see their income deposits/).count()).resolves.toBe(0);
    // Each document's input has its own name; the camera is for phones only.
    await expect(
      page
        .getByLabel("Upload most recent bank statements, all pages for Rae Jensen")
        .getAttribute("multiple"),
    ).resolves.toBe("");
    await expect(page.getByText("Take a photo", { exact: true }).first().isVisible()).resolves.toBe(false);
    await expect(button(page).innerText()).resolves.toBe("I'll upload later");

    const dropped = await dataTransferOf(page, [
      { name: "statement-august.jpg", type: "image/jpeg", bytes: PHOTO },
      { name: "statement-september.jpg", type: "image/jpeg", bytes: PHOTO },
      { name: "statement-october.pdf", type: "application/pdf", bytes: PDF },
    ]);
    await statements.locator("[data-dropzone]").dispatchEvent("dragenter", { dataTransfer: dropped });
    await statements.locator("[data-dropzone]").dispatchEvent("drop", { dataTransfer: dropped });
    await statements
      .getByText("Uploaded statement-august.jpg, statement-september.jpg and statement-october.pdf.")
      .waitFor();
    await statements.getByText("Uploaded", { exact: true }).waitFor();
    const files = statements
      .getByRole("list", { name: "Files sent: most recent bank statements, all pages for Rae Jensen" })
      .getByRole("listitem");
    await expect(files.allInnerTexts()).resolves.toEqual([
      expect.stringContaining("statement-august.jpg"),
      expect.stringContaining("statement-september.jpg"),
      expect.stringContaining("statement-october.pdf"),
    ]);
    await expect(statements.getByRole("button", { name: /^Remove / }).count()).resolves.toBe(3);
    // The photos are drawn from object URLs; the PDF has none.
    const thumbs = statements.locator("img");
    await expect(thumbs.count()).resolves.toBe(2);
    await page.waitForFunction(
      `[...document.querySelectorAll('li[data-document-type="bank_statements"] img')].every((i) => i.complete && i.naturalWidth > 0 && i.src.startsWith("blob:"))`,
    );

    // The passport's photo page, chosen with the picker: then every document is in.
    await page
      .getByLabel("Front of your passport")
      .setInputFiles({ name: "passport.jpg", mimeType: "image/jpeg", buffer: PHOTO });
    await item(page, "id_document").getByText("Uploaded passport.jpg.").waitFor();
    await page.getByText("We have every document we need. Thank you.").waitFor();
    await page.waitForFunction(
      `document.querySelector('form button[type="submit"]')?.innerText === "Continue"`,
    );
    await expect(seriousA11yViolations(page)).resolves.toEqual([]);
    await shot(page, "all-in-1280");

    // Removing a statement makes it needed again, and the button goes back to its own words.
    await statements.getByRole("button", { name: "Remove statement-october.pdf" }).click();
    await statements.getByText("Needed: 2 of 3 uploaded").waitFor();
    await page.waitForFunction(
      `document.querySelector('form button[type="submit"]')?.innerText === "I'll upload later"`,
    );
  });

  it("offers a phone's camera for each document, and refuses more files than a document takes", async () => {
    const page = await atTheChecklist(390);
    const statements = item(page, "bank_statements");
    await statements.waitFor();
    const camera = page.getByLabel("Take a photo of most recent bank statements, all pages for Rae Jensen");
    await expect(camera.getAttribute("capture")).resolves.toBe("environment");
    await expect(camera.getAttribute("accept")).resolves.toBe("image/*");
    await expect(statements.getByText("Take a photo", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(
      page.getByLabel("Take a photo of your passport (front)").getAttribute("capture"),
    ).resolves.toBe("environment");
    await expect(seriousA11yViolations(page)).resolves.toEqual([]);
    await shot(page, "camera-390");

    // A photo taken with the camera goes up like a chosen file.
    await camera.setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: PHOTO });
    await statements.getByText("Uploaded photo.jpg.").waitFor();
    await statements.getByText("Needed: 1 of 3 uploaded").waitFor();

    // Three more dropped where two are still needed: two go up, the third is named as not sent.
    const dropped = await dataTransferOf(
      page,
      ["a.pdf", "b.pdf", "c.pdf"].map((name) => ({ name, type: "application/pdf", bytes: PDF })),
    );
    await statements.locator("[data-dropzone]").dispatchEvent("drop", { dataTransfer: dropped });
    await statements.getByText("Uploaded a.pdf and b.pdf.").waitFor();
    await statements.getByText("Only 2 more files are needed here, so we did not send c.pdf.").waitFor();
    await statements.getByText("Uploaded", { exact: true }).waitFor();
    await shot(page, "statements-in-390");
  });
});
