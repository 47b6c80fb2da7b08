// POST /api/upload (multipart/form-data) and GET /api/upload/:id. The same guards as the tRPC API
// (X-Same-Origin: 1, no cross-site state change, a bot-check token on the POST); the applicant's
// session; a size limit; the file's real type from its first bytes. Every refusal is JSON
// {error: {code, message, field}} with a 4xx status, and leaves nothing stored.
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { BotCheckVerifier } from "@server/platform/botcheck/types";
import { honoCookies } from "../auth/cookies";
import type { SessionKind } from "../auth/sessions";
import { refuseCrossSite, requireBotToken, requireSameOriginHeader } from "@server/transport/security/guards";
import type { Services } from "@server/services";
import { borrowerRoles, isBorrowerRole, ownerRole } from "@engine/lending/borrowers";
import { visibleApplication } from "../portal/scope";
import { activeStaff } from "../portal/staff";
import { uploadService } from "./service";
import { UploadError, type UploadErrorStatus } from "./upload-error";
import { ACCEPTED_KINDS, sniffType } from "./sniff";

/** Room for the form's other fields and the multipart boundaries around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const SUBTYPE = /^[A-Za-z0-9_-]{1,64}$/;

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

const fail = (
  c: Context,
  status: UploadErrorStatus,
  code: string,
  message: string,
  field: string | null = null,
) => c.json({ error: { code, message, field } }, status);

/** "attachment" with the name twice: plain ASCII for old clients, RFC 5987 UTF-8 for the rest. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\;]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

export function createUploadRoutes(services: Services, botCheck: BotCheckVerifier) {
  const app = new Hono<{ Variables: { applicantId: string } }>();
  const maxBytes = services.config.uploadMaxBytes;

  const sessionOf = (c: Context<{ Variables: { applicantId: string } }>, kind: SessionKind) =>
    services.auth[kind].current(honoCookies(c));

  app.use("*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    await next();
  });
  app.use("*", requireSameOriginHeader, refuseCrossSite, requireBotToken(botCheck));

  app.post(
    "/",
    async (c, next) => {
      const applicant = await sessionOf(c, "applicant");
      if (!applicant) return fail(c, 401, "UNAUTHORIZED", "Sign in to upload documents.");
      const limited = await services.limits.uploadsPerApplicant.hit(applicant.userId);
      if (!limited.ok) {
        c.header("Retry-After", String(Math.ceil(limited.retryAfterMs / 1000)));
        return fail(
          c,
          429,
          "TOO_MANY_REQUESTS",
          "Too many uploads in a short time. Please wait a few minutes and try again.",
        );
      }
      c.set("applicantId", applicant.userId);
      await next();
    },
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
          `The file is too large: the limit is ${megabytes(maxBytes)}.`,
          "file",
        );
      },
    }),
    async (c) => {
      const ownerId = c.get("applicantId");
      if (!/^multipart\/form-data\s*;/i.test(c.req.header("content-type") ?? ""))
        return fail(
          c,
          400,
          "BAD_REQUEST",
          'Send the upload as multipart/form-data with the file in the field "file".',
          "file",
        );
      let form: FormData;
      try {
        form = await c.req.raw.formData();
      } catch {
        return fail(
          c,
          400,
          "BAD_REQUEST",
          "The upload could not be read as multipart/form-data. Please try again.",
          "file",
        );
      }

      // The text fields: each at most once, each a short string of the expected shape.
      const text = (name: string): string | null | UploadError => {
        const values = form.getAll(name);
        if (values.length === 0) return null;
        if (values.length > 1 || typeof values[0] !== "string")
          return new UploadError(400, "BAD_REQUEST", `Send "${name}" once, as text.`, name);
        const value = values[0].trim();
        return value === "" ? null : value;
      };
      const fields = {
        documentType: text("documentType"),
        borrower: text("borrower"),
        propertyId: text("propertyId"),
        subtype: text("subtype"),
        side: text("side"),
        applicationId: text("applicationId"),
      };
      for (const value of Object.values(fields))
        if (value instanceof UploadError) return fail(c, 400, value.code, value.message, value.field);
      const f = fields as Record<keyof typeof fields, string | null>;
      if (!f.documentType)
        return fail(c, 400, "BAD_REQUEST", "Say which document this is (documentType).", "documentType");
      if (!SUBTYPE.test(f.documentType))
        return fail(
          c,
          400,
          "BAD_REQUEST",
          "documentType must be a document type such as bank_statements.",
          "documentType",
        );
      if (f.borrower !== null && !isBorrowerRole(services.defs, f.borrower))
        return fail(
          c,
          400,
          "BAD_REQUEST",
          `borrower must be ${borrowerRoles(services.defs)
            .map((r) => `"${r}"`)
            .join(" or ")}.`,
          "borrower",
        );
      if (f.propertyId !== null && !ID.test(f.propertyId))
        return fail(c, 400, "BAD_REQUEST", "propertyId must be a property's id.", "propertyId");
      if (f.subtype !== null && !SUBTYPE.test(f.subtype))
        return fail(
          c,
          400,
          "BAD_REQUEST",
          "subtype must be a document subtype such as driver_license.",
          "subtype",
        );
      if (f.side !== null && f.side !== "front" && f.side !== "back")
        return fail(c, 400, "BAD_REQUEST", 'side must be "front" or "back".', "side");
      if (f.applicationId !== null && !ID.test(f.applicationId))
        return fail(c, 400, "BAD_REQUEST", "applicationId must be an application's id.", "applicationId");

      // The file: exactly one, not empty, within the limit, and really a PDF, JPEG, PNG or HEIC.
      const files = form.getAll("file");
      if (files.length === 0)
        return fail(
          c,
          400,
          "BAD_REQUEST",
          'Choose a file to upload (the form field "file" is missing).',
          "file",
        );
      if (files.length > 1) return fail(c, 400, "BAD_REQUEST", "Upload one file at a time.", "file");
      const file = files[0]!;
      if (typeof file === "string")
        return fail(c, 400, "BAD_REQUEST", 'The field "file" must hold a file, not text.', "file");
      if (file.size === 0)
        return fail(c, 400, "BAD_REQUEST", "The file is empty. Choose the file again.", "file");
      if (file.size > maxBytes)
        return fail(
          c,
          413,
          "PAYLOAD_TOO_LARGE",
          `The file is too large: the limit is ${megabytes(maxBytes)}.`,
          "file",
        );
      const bytes = new Uint8Array(await file.arrayBuffer());
      const type = sniffType(bytes);
      if (!type)
        return fail(
          c,
          415,
          "UNSUPPORTED_MEDIA_TYPE",
          `This file is not a ${ACCEPTED_KINDS} file. Upload a PDF or a photo (JPEG, PNG or HEIC).`,
          "file",
        );

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
          bytes,
          type,
        });
        return c.json(result, 201);
      } catch (error) {
        if (error instanceof UploadError)
          return fail(c, error.status, error.code, error.message, error.field);
        throw error;
      }
    },
  );

  app.get("/:id", async (c) => {
    const id = c.req.param("id");
    // Portal staff open the files of applications their role lets them see; an applicant only their own.
    const portal = await sessionOf(c, "portal");
    const staff = portal ? await activeStaff(services, portal.userId) : null;
    const applicant = portal ? null : await sessionOf(c, "applicant");
    if (!applicant && !staff) return fail(c, 401, "UNAUTHORIZED", "Sign in to download this file.");
    if (staff && !staff.can("documents.view"))
      return fail(c, 403, "FORBIDDEN", "Your role does not allow opening documents.");
    if (!ID.test(id)) return fail(c, 404, "NOT_FOUND", "There is no such upload.");
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
      if (error instanceof UploadError) return fail(c, error.status, error.code, error.message, error.field);
      throw error;
    }
  });

  app.onError((error, c) => {
    services.log.error({ reqId: c.get("requestId"), err: error.name }, `upload route failed: ${error.name}`);
    const what = c.req.method === "POST" ? "Nothing was stored; please try again." : "Please try again.";
    return fail(c, 500, "INTERNAL_SERVER_ERROR", `Something went wrong on our side. ${what}`);
  });
  return app;
}
