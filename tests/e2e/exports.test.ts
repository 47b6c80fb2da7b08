// The portal's exports as staff use them: a processor downloads an application's MISMO 3.4 file
// from its page (valid against MISMO's schema), an administrator the year's HMDA LAR from the pipeline.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { MISMO_XSD, mismoSchemaDir } from "@engine/export/xsd-index";
import { validateXml } from "@engine/export/xsd-validate";
import { makeApplicant } from "../helpers/accounts";
import { screenshot, seriousA11yViolations, useE2E } from "./browser";
import { downloaded, staffPage } from "./sessions";

const e2e = useE2E({ shared: true });
const fixture = JSON.parse(
  readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
) as Record<string, any>;

describe("exports in the portal", () => {
  it("a processor exports an application as a MISMO 3.4 file from its page", async () => {
    const doc = structuredClone(fixture);
    doc.user.email = `${crypto.randomUUID()}@example.com`;
    doc.coborrower.email = `${crypto.randomUUID()}@example.com`;
    const who = await makeApplicant(e2e.server.services, {
      email: doc.user.email,
      status: "disclosures",
      doc,
    });
    const page = await staffPage(e2e, "processor");
    await page.goto(`/portal/applications/${who.applicationId}`);
    const link = page.getByRole("link", { name: "Export MISMO 3.4" });
    await link.waitFor();
    await screenshot(page, "portal-export-mismo");
    expect(await seriousA11yViolations(page)).toEqual([]);
    const xml = (await downloaded(page, link, `mismo-3.4-${who.applicationId}.xml`)).toString("utf8");
    expect(xml).toContain("<PartyRoleType>Borrower</PartyRoleType>");
    const schemas = mismoSchemaDir(REPO_ROOT);
    if (schemas) expect(validateXml(xml, join(schemas, MISMO_XSD)).errors).toEqual([]);
  });

  it("a loan officer sees no export; an administrator finds the LAR download on the pipeline", async () => {
    const officer = await staffPage(e2e, "loanOfficer");
    await officer.goto("/portal");
    await officer.getByRole("heading", { level: 1 }).first().waitFor();
    expect(await officer.getByRole("link", { name: "Download the LAR" }).count()).toBe(0);
    const admin = await staffPage(e2e, "admin");
    await admin.goto("/portal");
    const lar = admin.getByRole("link", { name: "Download the LAR" });
    await lar.waitFor();
    await screenshot(admin, "portal-hmda-lar-link");
    expect(await admin.getByLabel("HMDA LAR of").inputValue()).toBe(String(new Date().getFullYear() - 1));
  });
});
