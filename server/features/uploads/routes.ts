// POST /api/upload (multipart/form-data) and GET /api/upload/:id. The same guards as the tRPC API
// (X-Same-Origin: 1, no cross-site state change, a bot-check token on the POST); the applicant's
// session; a size limit; the file's real type from its first bytes. Every refusal is JSON
// {error: {code, message, field}} with a 4xx status, and leaves nothing stored.
import { englishOf, said, type Said } from "@engine/locale/server-words";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { BotCheckVerifier } from "@server/platform/botcheck/types";
import { honoCookies } from "../auth/cookies";
import { requestLocale } from "../locale/locale";
import { saidIn } from "../locale/refusal-text";
import type { SessionKind } from "../auth/sessions";
import { refuseCrossSite, requireBotToken, requireSameOriginHeader } from "@server/transport/security/guards";
import type { Services } from "@server/services";
import { isBorrowerRole, ownerRole } from "@engine/lending/borrowers";
import { visibleApplication } from "../portal/scope";
import { activeStaff } from "../portal/staff";
import { uploadService } from "./service";
import { UploadError, type UploadErrorStatus } from "./upload-error";
import { ID, megabytes, uploadFields, uploadedFile } from "./upload-form";

/** Room for the form's other fields and the multipart boundaries around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

type Env = { Variables: { applicantId: string; inLanguage: (s: Said) => string } };

/**
 * A refusal as JSON, its message in the request's language (the heloc.lang cookie), as tRPC's are:
 * an engine word by its id and values; a staff member's refusal is English, as the portal is.
 */
const fail = (
  c: Context<Env>,
  status: UploadErrorStatus,
  code: string,
  message: Said | string,
  field: string | null = null,
) =>
  c.json(
    {
      error: {
        code,
        message:
          typeof message === "string" ? message : (c.get("inLanguage")?.(message) ?? englishOf(message)),
        field,
      },
    },
    status,
  );

const refusal = (c: Context<Env>, error: UploadError) =>
  fail(c, error.status, error.code, error.said ?? error.message, error.field);

const sessionOf = (services: Services, c: Context, kind: SessionKind) =>
  services.auth[kind].current(honoCookies(c));

/** "attachment" with the name twice: plain ASCII for old clients, RFC 5987 UTF-8 for the rest. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\;]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export function createUploadRoutes(services: Services, botCheck: BotCheckVerifier) {
  const app = new Hono<Env>();
  const maxBytes = services.config.uploadMaxBytes;
  app.use("*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    const locale = requestLocale(services.defs, honoCookies(c));
    c.set("inLanguage", (s) => saidIn(services.defs, locale, s));
    await next();
  });
  app.use("*", requireSameOriginHeader, refuseCrossSite, requireBotToken(botCheck));
  app.post(
    "/",
    (c, next) => admitUploader(services, c, next),
    bodyLimit({
      maxSize: maxBytes + MULTIPART_OVERHEAD,
      onError: (c) => {
        // The rest of the body is never read: the connection closes with this answer, and says so,
        // so that no client sends its next request down a socket about to close.
        c.header("Connection", "close");
        return fail(
          c,
          413,
          "PAYLOAD_TOO_LARGE",
          said("refusal.upload.tooLarge", { limit: megabytes(maxBytes) }),
          "file",
        );
      },
    }),
    (c) => acceptUpload(services, c),
  );
  app.get("/:id", (c) => download(services, c));
  app.onError((error, c) => {
    services.log.error({ reqId: c.get("requestId"), err: error.name }, `upload route failed: ${error.name}`);
    const word = c.req.method === "POST" ? "refusal.upload.internal" : "refusal.upload.internalRead";
    return fail(c, 500, "INTERNAL_SERVER_ERROR", said(word));
  });
  return app;
}

/** An applicant's session, within the upload rate: the body is read only then. */
async function admitUploader(services: Services, c: Context<Env>, next: () => Promise<void>) {
  const applicant = await sessionOf(services, c, "applicant");
  if (!applicant) return fail(c, 401, "UNAUTHORIZED", said("refusal.upload.signIn"));
  const limited = await services.limits.uploadsPerApplicant.hit(applicant.userId);
  if (!limited.ok) {
    c.header("Retry-After", String(Math.ceil(limited.retryAfterMs / 1000)));
    return fail(c, 429, "TOO_MANY_REQUESTS", said("refusal.upload.tooMany"));
  }
  c.set("applicantId", applicant.userId);
  await next();
}

async function acceptUpload(services: Services, c: Context<Env>) {
  const ownerId = c.get("applicantId");
  if (!/^multipart\/form-data\s*;/i.test(c.req.header("content-type") ?? ""))
    return fail(c, 400, "BAD_REQUEST", said("refusal.upload.notMultipart"), "file");
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    return fail(c, 400, "BAD_REQUEST", said("refusal.upload.unreadable"), "file");
  }
  const f = uploadFields(services.defs, form);
  if (f instanceof UploadError) return refusal(c, f);
  const file = await uploadedFile(form, services.config.uploadMaxBytes);
  if (file instanceof UploadError) return refusal(c, file);
  try {
    const result = await uploadService(services).accept({
      ownerId,
      applicationId: f.applicationId,
      ask: {
        documentType: f.documentType,
        borrower: isBorrowerRole(services.defs, f.borrower) ? f.borrower : ownerRole(services.defs),
        propertyId: f.propertyId,
        subtype: f.subtype,
        side: f.side,
      },
      fileName: file.name,
      bytes: file.bytes,
      type: file.type,
    });
    return c.json(result, 201);
  } catch (error) {
    if (error instanceof UploadError) return refusal(c, error);
    throw error;
  }
}

/** Portal staff open the files of applications their role lets them see; an applicant only their own. */
async function download(services: Services, c: Context<Env>) {
  const id = c.req.param("id")!;
  const portal = await sessionOf(services, c, "portal");
  const staff = portal ? await activeStaff(services, portal.userId) : null;
  const applicant = portal ? null : await sessionOf(services, c, "applicant");
  if (!applicant && !staff) return fail(c, 401, "UNAUTHORIZED", said("refusal.upload.signInToDownload"));
  if (staff && !staff.can("documents.view"))
    return fail(c, 403, "FORBIDDEN", "Your role does not allow opening documents.");
  if (!ID.test(id)) return fail(c, 404, "NOT_FOUND", said("refusal.upload.noSuch"));
  try {
    const who = staff
      ? {
          canSee: async (applicationId: string) =>
            (await visibleApplication(services, staff, applicationId)) !== null,
        }
      : { ownerId: applicant!.userId };
    const { row, bytes } = await uploadService(services).download(id, who);
    return c.body(new Uint8Array(bytes), 200, {
      "Content-Type": row.contentType,
      "Content-Length": String(bytes.length),
      "Content-Disposition": attachment(row.fileName),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
  } catch (error) {
    if (error instanceof UploadError) return refusal(c, error);
    throw error;
  }
}
