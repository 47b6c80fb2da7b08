// GET /api/esign/<signature id>.pdf and /api/esign/latest.pdf: the applicant's signed disclosures
// as a file download (with ?application=<id>, for portal staff who can see that application). A plain GET (a link the browser follows, so no custom header can be asked
// for): it changes nothing the applicant can see, answers only the signed-in applicant's own
// application (any other id is "not found", so ids cannot be probed), refuses requests another
// site starts, is rate-limited per applicant, and is never cached.
import { Hono, type Context } from "hono";
import { honoCookies } from "../auth/cookies";
import type { SessionKind } from "../auth/sessions";
import { visibleApplication } from "../portal/scope";
import { validatorOf } from "../trpc/inputs";
import { activeStaff } from "../portal/staff";
import type { Services } from "../services";
import { memberStore } from "../members/store";
import { signedPdf } from "./signatures";

export const SIGNED_PDF_NAME = "heloc-disclosures-signed.pdf";

/** An application id, the shape common.json#/$defs/id gives every id; anything else names no application. */
const isId = validatorOf("common.json#/$defs/id") as (value: unknown) => value is string;
const FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|latest)\.pdf$/;

export function createEsignRoutes(services: Services) {
  const app = new Hono();
  // Each download may render a PDF: 30 per person per 15 minutes is far more than anyone needs.
  const perApplicant = services.limits.pdfDownloads;
  const fail = (c: Context, status: 401 | 403 | 404 | 409 | 429, code: string, message: string) => {
    c.header("Cache-Control", "no-store");
    return c.json({ error: { code, message } }, status);
  };

  const sessionOf = (c: Context, kind: SessionKind) => services.auth[kind].current(honoCookies(c));

  app.get("/:file", async (c) => {
    if (c.req.header("sec-fetch-site") === "cross-site") return fail(c, 403, "FORBIDDEN", "Open your signed copy from your application");
    // ?application=<id>: portal staff with documents.view open a copy of an application they can see.
    const forApplication = c.req.query("application");
    const portal = forApplication !== undefined ? await sessionOf(c, "portal") : null;
    const staff = portal ? await activeStaff(services, portal.userId) : null;
    const session = forApplication !== undefined ? portal : await sessionOf(c, "applicant");
    if (!session || (forApplication !== undefined && !staff)) return fail(c, 401, "UNAUTHORIZED", "Sign in to download your signed disclosures");
    if (staff && !staff.can("documents.view")) return fail(c, 403, "FORBIDDEN", "Your role does not allow opening documents.");

    const match = FILE.exec(c.req.param("file"));
    if (!match) return fail(c, 404, "NOT_FOUND", "There is no such signed copy");
    if (!(await perApplicant.hit(session.userId)).ok) return fail(c, 429, "TOO_MANY_REQUESTS", "Too many downloads. Please try again in a few minutes.");

    // Staff open any signing of an application they can see; a borrower only their own signature.
    const reader = staff ? null : await memberStore(services).readerOf(services.db, session.userId);
    const applicationId = staff ? (isId(forApplication) ? await visibleApplication(services, staff, forApplication) : null)?.id : reader?.app.id;
    if (!applicationId) return fail(c, 404, "NOT_FOUND", "There is no such signed copy");
    const result = await signedPdf(services, applicationId, match[1]!, reader?.role);
    if (!result.ok) return fail(c, result.status, result.status === 404 ? "NOT_FOUND" : "CONFLICT", result.status === 404 ? "There is no such signed copy" : result.message);

    return c.body(result.bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${SIGNED_PDF_NAME}"`,
      "Content-Length": String(result.bytes.byteLength),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    });
  });
  return app;
}
