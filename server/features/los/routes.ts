// The LOS API, /api/los/v1, for a partner's loan origination system (no browser, no cookie):
//   GET /applications[?after=<cursor>]        the partner's applications ready for export
//   GET /applications/:id/mismo.xml           one application's MISMO 3.4 file
// with `Authorization: Bearer los_<id>.<secret>`, a credential staff made in the portal
// (./credentials.ts). A credential reads only its own partner's applications: any other id is
// "not found", exactly as an id that does not exist (nothing is confirmed). Refused tokens are
// counted per IP, and past the limit the IP is refused before a token is looked at; each
// credential has its own request budget. Every pull, and every refused ask of a proven
// credential, is in the audit trail with the credential as its actor.
import { Hono, type Context } from "hono";
import { and, asc, eq, gt, or } from "drizzle-orm";
import { auditAction, type AuditAction } from "@engine/lending/audit-actions";
import { exportFileOf } from "@engine/lending/export-file";
import { readLenderProfile } from "@engine/lending/lender-file";
import { applications } from "@server/persistence/db/schema";
import { applicationStore } from "@server/persistence/store/applications";
import type { Services } from "@server/services";
import type { RateLimitHit } from "@server/transport/security/rate-limit";
import { ipOf } from "@server/transport/http/client-ip";
import { validatorOf } from "@server/transport/trpc/inputs";
import { EXPORTER, mismoFileName, mismoFileOf } from "@server/features/exports/mismo";
import { readyForExport } from "@engine/lending/mismo";
import { authenticateLos, LOS_REFUSALS_PER_IP, losCredentialsOf, type LosCredential } from "./credentials";

/** An application id, the shape common.json#/$defs/id gives every id. */
const isId = validatorOf("common.json#/$defs/id") as (value: unknown) => value is string;
/** Applications read per page of the list (each is turned into its export input to judge it). */
export const LOS_PAGE = 100;

type Env = { Variables: { credential: LosCredential } };
type Status = 400 | 401 | 404 | 409 | 422 | 429;

const fail = (c: Context, status: Status, code: string, message: string, extra: object = {}) => {
  c.header("Cache-Control", "no-store");
  if (status === 401) c.header("WWW-Authenticate", 'Bearer realm="los"');
  return c.json({ error: { code, message, ...extra } }, status);
};
const tooMany = (c: Context, hit: RateLimitHit) => {
  if (!hit.ok) c.header("Retry-After", String(Math.max(1, Math.ceil(hit.retryAfterMs / 1000))));
  return fail(c, 429, "TOO_MANY_REQUESTS", "Too many requests. Try again after the Retry-After seconds.");
};

/** The list's cursor: the last row's update time and id, so rows updated in one millisecond are not lost. */
const cursorOf = (row: { updatedAt: Date; id: string }) => `${row.updatedAt.getTime()}.${row.id}`;
function readCursor(raw: string | undefined): { at: Date; id: string } | null | "bad" {
  if (raw === undefined) return null;
  const [, ms, id] = /^(\d{1,15})\.([A-Za-z0-9_-]{1,64})$/.exec(raw) ?? [];
  return ms && id ? { at: new Date(Number(ms)), id } : "bad";
}

export function createLosRoutes(services: Services) {
  const app = new Hono<Env>();
  const credentials = losCredentialsOf(services);
  const store = applicationStore(services);
  const audit = (c: Context<Env>, action: AuditAction, applicationId: string | null) =>
    store.audit(services.db, {
      actorKind: "los",
      actorId: c.get("credential").id,
      action,
      applicationId,
    });

  app.use("*", async (c, next) => {
    const ip = ipOf(c);
    const refused = services.limits.losRefusedPerIp;
    // An IP past its refusals is not let near a token (so guessing gets no answer at all).
    if ((await refused.count(ip)) >= LOS_REFUSALS_PER_IP.limit)
      return tooMany(c, { ok: false, retryAfterMs: LOS_REFUSALS_PER_IP.windowMs });
    const [scheme, token, extra] = (c.req.header("authorization") ?? "").split(" ");
    const credential =
      scheme?.toLowerCase() === "bearer" && token && extra === undefined && token.length <= 128
        ? await authenticateLos(services.db, token)
        : null;
    if (!credential) {
      const hit = await refused.hit(ip);
      if (!hit.ok) return tooMany(c, hit);
      return fail(c, 401, "UNAUTHORIZED", "Give a valid LOS credential: Authorization: Bearer los_…");
    }
    const budget = await services.limits.losPullsPerCredential.hit(credential.id);
    if (!budget.ok) return tooMany(c, budget);
    c.set("credential", credential);
    await credentials.used(credential);
    c.header("Cache-Control", "no-store");
    await next();
  });

  app.get("/applications", async (c) => {
    const credential = c.get("credential");
    const cursor = readCursor(c.req.query("after"));
    if (cursor === "bad")
      return fail(c, 400, "BAD_REQUEST", "after: give the `next` value of the previous page");
    const ofPartner = eq(applications.partnerId, credential.partnerId);
    const rows = await services.db
      .select()
      .from(applications)
      .where(
        cursor
          ? and(
              ofPartner,
              or(
                gt(applications.updatedAt, cursor.at),
                and(eq(applications.updatedAt, cursor.at), gt(applications.id, cursor.id)),
              ),
            )
          : ofPartner,
      )
      .orderBy(asc(applications.updatedAt), asc(applications.id))
      .limit(LOS_PAGE);
    const lender = readLenderProfile();
    const ready = rows.filter((row) =>
      readyForExport(
        services.defs,
        exportFileOf(
          { id: row.id, doc: store.fromRow(row).doc, createdAt: row.createdAt.toISOString() },
          { defs: services.defs, lender, exporter: EXPORTER, now: services.now() },
        ),
      ),
    );
    await audit(c, auditAction("los.list", String(ready.length)), null);
    const last = rows.at(-1);
    return c.json({
      applications: ready.map((row) => ({
        id: row.id,
        status: row.status,
        updatedAt: row.updatedAt.toISOString(),
        mismo: `/api/los/v1/applications/${row.id}/mismo.xml`,
      })),
      // Where to ask from next (now, while `more`; at the next poll otherwise): ?after=<next>.
      next: last ? cursorOf(last) : (c.req.query("after") ?? null),
      more: rows.length === LOS_PAGE,
    });
  });

  app.get("/applications/:id/mismo.xml", async (c) => {
    const credential = c.get("credential");
    const id = c.req.param("id");
    const [row] = isId(id)
      ? await services.db
          .select({ partnerId: applications.partnerId })
          .from(applications)
          .where(eq(applications.id, id))
      : [];
    const stored = row?.partnerId === credential.partnerId ? await store.byId(services.db, id) : null;
    // Another partner's application answers as one that does not exist.
    if (!stored) {
      await audit(c, auditAction("los.refused", "not-found"), null);
      return fail(c, 404, "NOT_FOUND", "There is no such application");
    }
    const file = await mismoFileOf(services, stored);
    if (file.problems.length) {
      await audit(c, auditAction("los.refused", "failed-checks"), stored.id);
      return fail(c, 422, "UNPROCESSABLE_CONTENT", "The MISMO file did not pass its checks", {
        problems: file.problems,
      });
    }
    await audit(
      c,
      auditAction("los.mismo", file.schemaChecked ? "schema-checked" : "not-schema-checked"),
      stored.id,
    );
    const bytes = new TextEncoder().encode(file.xml);
    return c.body(bytes, 200, {
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="${mismoFileName(stored.id)}"`,
      "Content-Length": String(bytes.byteLength),
      "X-Content-Type-Options": "nosniff",
      "X-Schema-Checked": file.schemaChecked ? "MISMO 3.4 B324" : "no",
    });
  });

  app.all("*", (c) => fail(c, 404, "NOT_FOUND", `No LOS API at ${c.req.path}`));
  return app;
}
