// GET /api/exports/mismo.xml?application=<id>: the application's MISMO 3.4 file, for portal staff
// whose role holds exports.mismo (rules/portal-roles.json) and who can see the application; each
// download is in the audit trail. A file that fails the schema or the link checks is not given:
// the answer names the problems (no applicant data in them), so nothing broken reaches an LOS.
// GET /api/exports/hmda-lar.txt?year=YYYY: the partner's HMDA LAR for that year (exports.hmda).
import { Hono } from "hono";
import { auditAction } from "@engine/lending/audit-actions";
import { pdfDownloads } from "@server/transport/http/pdf-download";
import { applicationStore } from "@server/persistence/store/applications";
import type { Services } from "@server/services";
import { honoCookies } from "@server/features/auth/cookies";
import { activeStaff } from "@server/features/portal/staff";
import { hmdaLarOf, NoHmdaProfile } from "./hmda";
import { mismoFileName, mismoFileOf } from "./mismo";

export function createExportRoutes(services: Services) {
  const app = new Hono();
  const downloads = pdfDownloads(services, {
    permission: "exports.mismo",
    signIn: "Sign in to the portal to export an application",
    notFound: "There is no such application",
  });

  app.get("/mismo.xml", async (c) => {
    const who = await downloads.downloader(c, true);
    if (who instanceof Response) return who;
    if (!who.staff) return downloads.notFound(c); // an applicant has no export
    const store = applicationStore(services);
    const stored = await store.byId(services.db, who.applicationId);
    if (!stored) return downloads.notFound(c);
    const file = await mismoFileOf(services, stored);
    if (file.problems.length)
      return c.json(
        {
          error: {
            code: "UNPROCESSABLE_CONTENT",
            message: "The MISMO file did not pass its checks",
            problems: file.problems,
          },
        },
        422,
        { "Cache-Control": "no-store" },
      );
    await store.audit(services.db, {
      actorKind: "portal",
      actorId: who.staff.id,
      action: auditAction("export.mismo", file.schemaChecked ? "schema-checked" : "not-schema-checked"),
      applicationId: stored.id,
    });
    const bytes = new TextEncoder().encode(file.xml);
    return c.body(bytes, 200, {
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="${mismoFileName(stored.id)}"`,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Schema-Checked": file.schemaChecked ? "MISMO 3.4 B324" : "no",
    });
  });
  app.get("/hmda-lar.txt", async (c) => {
    if (c.req.header("sec-fetch-site") === "cross-site")
      return downloads.fail(c, 403, "FORBIDDEN", "Open the export from the portal");
    const session = await services.auth.portal.current(honoCookies(c));
    const staff = session ? await activeStaff(services, session.userId) : null;
    if (!session || !staff)
      return downloads.fail(c, 401, "UNAUTHORIZED", "Sign in to the portal to export the LAR");
    if (!staff.can("exports.hmda"))
      return downloads.fail(c, 403, "FORBIDDEN", "Your role does not allow exporting the HMDA LAR.");
    const year = Number(c.req.query("year"));
    if (!Number.isInteger(year) || year < 2018 || year > services.now().getUTCFullYear())
      return c.json(
        { error: { code: "BAD_REQUEST", message: "year: give a filing year, 2018 to this year" } },
        400,
      );
    if (!(await services.limits.pdfDownloads.hit(session.userId)).ok)
      return downloads.fail(
        c,
        429,
        "TOO_MANY_REQUESTS",
        "Too many downloads. Please try again in a few minutes.",
      );
    let lar;
    try {
      lar = await hmdaLarOf(services, year, staff.partnerId);
    } catch (error) {
      if (error instanceof NoHmdaProfile) return downloads.fail(c, 409, "CONFLICT", error.message);
      throw error;
    }
    // A LAR the CFPB's platform would refuse is not handed out: the edits and lines say what to fix.
    if (lar.failures.length)
      return c.json(
        {
          error: {
            code: "UNPROCESSABLE_CONTENT",
            message: `The LAR of ${year} fails CFPB edits`,
            failures: lar.failures,
          },
        },
        422,
        { "Cache-Control": "no-store" },
      );
    await applicationStore(services).audit(services.db, {
      actorKind: "portal",
      actorId: staff.id,
      action: auditAction("export.hmdaLar", String(year), String(lar.rows)),
      applicationId: null,
    });
    const bytes = new TextEncoder().encode(lar.text);
    return c.body(bytes, 200, {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": `attachment; filename="hmda-lar-${year}.txt"`,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    });
  });
  return app;
}
