// The portal's exports: an application's MISMO 3.4 file (exports.mismo), for staff who can see the
// application, valid against MISMO's schema, and in the audit trail.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { MISMO_XSD, mismoSchemaDir } from "@engine/export/xsd-index";
import { validateXml } from "@engine/export/xsd-validate";
import { auditEvents } from "@server/persistence/db/schema";
import { makeApplicant, makePartner, signedInStaff } from "../helpers/accounts";
import { browser, testServer, type TestServer } from "../helpers/server";

const fixture = JSON.parse(
  readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
) as Record<string, any>;
const SCHEMAS = mismoSchemaDir(REPO_ROOT);

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

async function submitted() {
  const email = `${crypto.randomUUID()}@example.com`;
  const doc = structuredClone(fixture);
  doc.user.email = email;
  doc.coborrower.email = `${crypto.randomUUID()}@example.com`;
  return makeApplicant(server.services, { email, status: "disclosures", doc });
}

const mismoUrl = (id: string) => `${server.url}/api/exports/mismo.xml?application=${id}`;

describe("GET /api/exports/mismo.xml", () => {
  it("gives a processor the application's MISMO file, valid against the schema, and audits it", async () => {
    const app = await submitted();
    const processor = await signedInStaff(server, "processor");
    const res = await processor.b.fetch(mismoUrl(app.applicationId));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="mismo-3.4-${app.applicationId}.xml"`,
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
    const xml = await res.text();
    expect(xml).toContain(`<TaxpayerIdentifierValue>${fixture.user.ssn}</TaxpayerIdentifierValue>`);
    if (SCHEMAS) {
      expect(res.headers.get("x-schema-checked")).toBe("MISMO 3.4 B324");
      expect(validateXml(xml, join(SCHEMAS, MISMO_XSD))).toEqual({ valid: true, errors: [] });
    }
    const audit = await server.services.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.applicationId, app.applicationId), eq(auditEvents.actorId, processor.id)));
    expect(audit.map((e) => e.action)).toEqual([
      `export.mismo:${SCHEMAS ? "schema-checked" : "not-schema-checked"}`,
    ]);
  });

  it("refuses a loan officer (no exports.mismo), staff of another partner, and the applicant", async () => {
    const app = await submitted();
    const officer = await signedInStaff(server, "loanOfficer");
    expect((await officer.b.fetch(mismoUrl(app.applicationId))).status).toBe(403);
    const other = await signedInStaff(server, "admin", { partnerId: await makePartner(server.services) });
    expect((await other.b.fetch(mismoUrl(app.applicationId))).status).toBe(404);
    const applicant = browser(server.url);
    await applicant.auth("Applicant", "callback/credentials", { email: app.email, password: app.password });
    expect((await applicant.fetch(mismoUrl(app.applicationId))).status).toBe(401);
    expect((await browser(server.url).fetch(mismoUrl(app.applicationId))).status).toBe(401);
    const audit = await server.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.applicationId, app.applicationId));
    expect(audit.filter((e) => e.action.startsWith("export."))).toEqual([]);
  });
});
