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
    const file = mismoFileOf(services, stored);
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
  return app;
}
