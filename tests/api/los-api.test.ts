// The LOS pull API (/api/los/v1): a partner's loan origination system lists its applications ready
// for export and pulls each MISMO 3.4 file with a service credential staff made in the portal. A
// credential reads its own partner's files only (another's is "not found", never "forbidden"), a
// revoked or wrong token is refused, refusals are rate-limited per IP, and every pull is audited.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { MISMO_XSD, mismoSchemaDir } from "@engine/export/xsd-index";
import { validateXml } from "@engine/export/xsd-validate";
import { describeAuditAction } from "@engine/lending/audit-actions";
import { applications, auditEvents, losCredentials } from "@server/persistence/db/schema";
import { LOS_REFUSALS_PER_IP } from "@server/features/los/credentials";
import { makeApplicant, makePartner, signedInStaff } from "../helpers/accounts";
import { browser, testServer, type TestServer } from "../helpers/server";

const fixture = JSON.parse(
  readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
) as Record<string, any>;
const SCHEMAS = mismoSchemaDir(REPO_ROOT);

let server: TestServer;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
beforeAll(async () => {
  server = await testServer();
  admin = await signedInStaff(server, "admin");
});
afterAll(() => server.close());

/** An application at the application stage (SSN, property, declarations), of `partnerId`. */
async function readyApplication(partnerId = "house") {
  const doc = structuredClone(fixture);
  doc.user.email = `${crypto.randomUUID()}@example.com`;
  doc.coborrower.email = `${crypto.randomUUID()}@example.com`;
  const app = await makeApplicant(server.services, { email: doc.user.email, status: "disclosures", doc });
  await server.services.db
    .update(applications)
    .set({ partnerId })
    .where(eq(applications.id, app.applicationId));
  return app.applicationId;
}

const get = (path: string, token?: string, from?: string) =>
  browser(server.url, { from }).fetch(`${server.url}/api/los/v1${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const auditOf = (applicationId: string) =>
  server.services.db.select().from(auditEvents).where(eq(auditEvents.applicationId, applicationId));

describe("service credentials in the portal", () => {
  it("gives the token once and keeps only the SHA-256 of its secret", async () => {
    const made = await admin.b.trpc.portal.losCredentials.create.mutate({ label: "  Encompass   test " });
    expect(made.label).toBe("Encompass test");
    expect(made.token).toMatch(/^los_[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/);
    const [row] = await server.services.db
      .select()
      .from(losCredentials)
      .where(eq(losCredentials.id, made.id));
    const secret = made.token.split(".")[1]!;
    expect(row!.secretHash).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(secret);
    const { credentials } = await admin.b.trpc.portal.losCredentials.list.query({});
    const listed = credentials.find((c) => c.id === made.id)!;
    expect(listed).toMatchObject({ label: "Encompass test", revokedAt: null, lastUsedAt: null });
    expect(JSON.stringify(credentials)).not.toContain(secret);
  });

  it("is refused to a role without los.credentials, and names the field of a bad label", async () => {
    const processor = await signedInStaff(server, "processor");
    await expect(processor.b.trpc.portal.losCredentials.create.mutate({ label: "x" })).rejects.toMatchObject({
      data: { code: "FORBIDDEN" },
    });
    await expect(admin.b.trpc.portal.losCredentials.create.mutate({ label: "   " })).rejects.toMatchObject({
      data: { code: "BAD_REQUEST" },
      message: expect.stringMatching(/^\/label/),
    });
  });

  it("lets another partner's administrator neither see nor revoke it", async () => {
    const made = await admin.b.trpc.portal.losCredentials.create.mutate({ label: "Partner A LOS" });
    const other = await signedInStaff(server, "admin", { partnerId: await makePartner(server.services) });
    const { credentials } = await other.b.trpc.portal.losCredentials.list.query({});
    expect(credentials.map((c) => c.id)).not.toContain(made.id);
    await expect(
      other.b.trpc.portal.losCredentials.revoke.mutate({ credentialId: made.id }),
    ).rejects.toMatchObject({ data: { code: "NOT_FOUND" } });
    expect((await get("/applications", made.token)).status).toBe(200);
  });
});

describe("GET /api/los/v1", () => {
  it("lists the partner's applications ready for export, and pulls each file, valid and audited", async () => {
    const ready = await readyApplication();
    const unfinished = (await makeApplicant(server.services, { status: "previewOffer" })).applicationId;
    const otherPartners = await readyApplication(await makePartner(server.services));
    const { id, token } = await admin.b.trpc.portal.losCredentials.create.mutate({ label: "Encompass prod" });

    const list = await get("/applications", token);
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("no-store");
    const body = (await list.json()) as {
      applications: { id: string; mismo: string }[];
      next: string | null;
      more: boolean;
    };
    const ids = body.applications.map((a) => a.id);
    expect(ids).toContain(ready);
    expect(ids).not.toContain(unfinished);
    expect(ids).not.toContain(otherPartners);
    const listed = await server.services.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorKind, "los"), eq(auditEvents.actorId, id)));
    expect(listed.map((e) => e.action)).toEqual([`los.list:${ids.length}`]);

    // A poller asks from the last `next`: nothing is listed again until it changes.
    expect(body.more).toBe(false);
    const again = (await (await get(`/applications?after=${body.next}`, token)).json()) as typeof body;
    expect(again).toEqual({ applications: [], next: body.next, more: false });
    const bad = await get("/applications?after=yesterday", token);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/^after:/);

    const entry = body.applications.find((a) => a.id === ready)!;
    const file = await browser(server.url).fetch(`${server.url}${entry.mismo}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("application/xml");
    const xml = await file.text();
    expect(xml).toContain(`<TaxpayerIdentifierValue>${fixture.user.ssn}</TaxpayerIdentifierValue>`);
    if (SCHEMAS) expect(validateXml(xml, join(SCHEMAS, MISMO_XSD))).toEqual({ valid: true, errors: [] });
    const pulled = (await auditOf(ready)).filter((e) => e.action.startsWith("los."));
    expect(pulled).toMatchObject([
      {
        actorKind: "los",
        actorId: id,
        action: `los.mismo:${SCHEMAS ? "schema-checked" : "not-schema-checked"}`,
      },
    ]);
    const [row] = await server.services.db.select().from(losCredentials).where(eq(losCredentials.id, id));
    expect(row!.lastUsedAt).not.toBeNull();

    // The file's audit trail in the portal names the credential and says what it did, in words.
    const detail = await admin.b.trpc.portal.applications.get.query({ applicationId: ready });
    const shown = detail.audit.find((e) => e.actorKind === "los")!;
    expect(shown.actor).toBe('LOS credential "Encompass prod"');
    expect(
      describeAuditAction(shown.action, {
        step: () => undefined,
        document: () => undefined,
        borrower: (r) => r,
      }),
    ).toMatch(/^The LOS pulled the MISMO 3\.4 file/);
  });

  it("answers another partner's application exactly as one that does not exist (404), and audits the ask", async () => {
    const theirs = await readyApplication(await makePartner(server.services));
    const { id, token } = await admin.b.trpc.portal.losCredentials.create.mutate({ label: "Partner A only" });
    const other = await get(`/applications/${theirs}/mismo.xml`, token);
    const none = await get(`/applications/${crypto.randomUUID()}/mismo.xml`, token);
    expect(other.status).toBe(404);
    expect(none.status).toBe(404);
    expect(await other.json()).toEqual(await none.json());
    expect(await auditOf(theirs)).toEqual([]);
    const refused = await server.services.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorKind, "los"), eq(auditEvents.actorId, id)));
    expect(refused.map((e) => [e.action, e.applicationId])).toEqual([
      ["los.refused:not-found", null],
      ["los.refused:not-found", null],
    ]);
  });

  it("refuses a revoked credential from its next request on", async () => {
    const ready = await readyApplication();
    const { id, token } = await admin.b.trpc.portal.losCredentials.create.mutate({ label: "To revoke" });
    expect((await get(`/applications/${ready}/mismo.xml`, token)).status).toBe(200);
    const revoked = await admin.b.trpc.portal.losCredentials.revoke.mutate({ credentialId: id });
    expect(revoked.revokedAt).not.toBeNull();
    const res = await get(`/applications/${ready}/mismo.xml`, token, "127.0.0.3");
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="los"');
    expect((await get("/applications", token, "127.0.0.3")).status).toBe(401);
    const { credentials } = await admin.b.trpc.portal.losCredentials.list.query({});
    expect(credentials.find((c) => c.id === id)).toMatchObject({ revokedBy: "Pat Portal" });
    expect((await auditOf(ready)).filter((e) => e.action.startsWith("los.")).length).toBe(1);
  });

  it("refuses a wrong token, and past the limit refuses that IP outright, even with a right token", async () => {
    const { token } = await admin.b.trpc.portal.losCredentials.create.mutate({ label: "Rate limited" });
    const ip = "127.0.0.4";
    const [id] = token.split(".");
    const wrong = [`${id}.${"A".repeat(43)}`, "los_AAAAAAAAAAAAAAAA.x", "not a token", undefined];
    for (let i = 0; i < LOS_REFUSALS_PER_IP.limit; i++) {
      const res = await get("/applications", wrong[i % wrong.length], ip);
      expect(res.status).toBe(401);
    }
    const over = await get("/applications", token, ip);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not held back by this one's guesses.
    expect((await get("/applications", token, "127.0.0.5")).status).toBe(200);
  });
});
