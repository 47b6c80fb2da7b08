// The portal's exports: an application's MISMO 3.4 file (exports.mismo), for staff who can see the
// application, valid against MISMO's schema, and in the audit trail.
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { MISMO_XSD, mismoSchemaDir } from "@engine/export/xsd-index";
import { validateXml } from "@engine/export/xsd-validate";
import { auditEvents } from "@server/persistence/db/schema";
import {
  makeApplicant,
  makePartner,
  signedInStaff,
  TWO_BORROWERS,
  twoBorrowerApplicant,
} from "../helpers/accounts";
import { browser, testServer, type TestServer } from "../helpers/server";

const SCHEMAS = mismoSchemaDir(REPO_ROOT);

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

const submitted = () => twoBorrowerApplicant(server, { status: "disclosures" });

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
    expect(xml).toContain(`<TaxpayerIdentifierValue>${TWO_BORROWERS.user.ssn}</TaxpayerIdentifierValue>`);
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

describe("GET /api/exports/hmda-lar.txt", () => {
  const larUrl = (year: number | string) => `${server.url}/api/exports/hmda-lar.txt?year=${year}`;

  it("gives an administrator the year's LAR: the transmittal sheet, then a row per application with an action taken", async () => {
    const email = `${crypto.randomUUID()}@example.com`;
    const doc = structuredClone(TWO_BORROWERS);
    doc.user.email = email;
    doc.coborrower.email = `${crypto.randomUUID()}@example.com`;
    const year = server.services.now().getUTCFullYear();
    doc.decisions = [
      {
        outcome: "declined",
        ruleId: "pricing.excessive-obligations",
        reasons: [{ code: "excessiveObligations", text: "Excessive obligations in relation to income" }],
        decidedAt: server.services.now().toISOString(),
        notice: {
          id: "adverse-action",
          version: "1",
          sha256: "a",
          sourceSha256: "b",
          title: "Notice",
          values: {},
        },
        mailedTo: true,
      },
    ];
    await makeApplicant(server.services, { email, status: "offer", doc });
    const admin = await signedInStaff(server, "admin");
    const res = await admin.b.fetch(larUrl(year));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="hmda-lar-${year}.txt"`);
    const lines = (await res.text()).trimEnd().split("\n");
    expect(lines[0]!.split("|").slice(0, 4)).toEqual(["1", expect.any(String), String(year), "4"]);
    const rows = lines.slice(1).map((l) => l.split("|"));
    expect(rows.length).toBeGreaterThanOrEqual(1);
    for (const r of rows) {
      expect(r).toHaveLength(110);
      expect(r[10]).toBe("3"); // action taken: denied
    }
    const audit = await server.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.actorId, admin.id));
    expect(audit.map((e) => e.action)).toEqual([`export.hmdaLar:${year}:${rows.length}`]);
  });

  it("refuses a processor (no exports.hmda) and a year that is not a filing year", async () => {
    const processor = await signedInStaff(server, "processor");
    expect((await processor.b.fetch(larUrl(2026))).status).toBe(403);
    const admin = await signedInStaff(server, "admin");
    const bad = await admin.b.fetch(larUrl("20x6"));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/^year:/);
  });
});
