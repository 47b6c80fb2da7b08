// POST /api/valuations (multipart/form-data): staff record a valuation with its report in one form
// (schemas/api-loan.json valuationRecord, the report in the field "file"). The portal's session and
// valuations.record (rules/portal-roles.json), on an application of their pipeline; the same guards
// as the other forms (X-Same-Origin: 1, no cross-site post); the upload size limit; the report's
// real type from its first bytes. Every refusal is JSON {error: {code, message, field}} and saves
// nothing: the fields are checked before a byte is stored.
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createAjv, uriOf } from "@engine/definitions/ajv";
import { readDefinitionFiles } from "@engine/definitions/load";
import type { LoanAPIInputs } from "@engine/generated/schema-types";
import { describeAjvErrors } from "@engine/validation/messages";
import { refuseCrossSite, requireSameOriginHeader } from "@server/transport/security/guards";
import type { Services } from "@server/services";
import { honoCookies } from "../auth/cookies";
import { visibleApplication } from "../portal/scope";
import { activeStaff } from "../portal/staff";
import { Refusal } from "../refusal";
import { cleanFileName } from "../uploads/file-name";
import { megabytes, uploadedFile } from "../uploads/upload-form";
import { UploadError } from "../uploads/upload-error";
import { deleteIfUnreferenced } from "../uploads/access";
import { withKeyLock } from "../uploads/key-lock";
import { sha256Hex } from "@server/persistence/storage";
import { recordValuation } from "./valuations";

type Entry = NonNullable<LoanAPIInputs["valuationRecord"]>;

const STATUS = {
  invalid: 400,
  signInRequired: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  notNow: 412,
  tooMany: 429,
  contradicts: 422,
  misconfigured: 500,
} as const;

let validator: ReturnType<ReturnType<typeof createAjv>["getSchema"]> | undefined;
const validate = (value: unknown) => {
  validator ??= createAjv(readDefinitionFiles().files.schemas).getSchema(
    uriOf("schemas", "api-loan.json#/properties/valuationRecord"),
  );
  if (!validator) throw new Error("schemas/api-loan.json has no valuationRecord");
  return validator(value) ? null : describeAjvErrors(validator.errors);
};

const fail = (
  c: Context,
  status: keyof typeof STATUS | number,
  code: string,
  message: string,
  field: string | null = null,
) =>
  c.json({ error: { code, message, field } }, (typeof status === "number" ? status : STATUS[status]) as 400);

/** The form's text fields as the schema's types (the value a whole number of dollars). */
function entryOf(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.trim() : undefined;
  };
  const value = text("value");
  return Object.fromEntries(
    Object.entries({
      applicationId: text("applicationId"),
      kind: text("kind"),
      value: value && /^[0-9]+$/.test(value) ? Number(value) : value,
      effectiveOn: text("effectiveOn"),
      provider: text("provider"),
    }).filter(([, v]) => v !== undefined && v !== ""),
  );
}

export function createValuationRoutes(services: Services) {
  const app = new Hono();
  const maxBytes = services.config.uploadMaxBytes;
  app.use("*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    await next();
  });
  app.use("*", requireSameOriginHeader, refuseCrossSite);
  app.post(
    "/",
    async (c, next) => {
      const session = await services.auth.portal.current(honoCookies(c));
      const staff = session ? await activeStaff(services, session.userId) : null;
      if (!staff) return fail(c, 401, "UNAUTHORIZED", "Sign in to the portal to record a valuation.");
      if (!staff.can("valuations.record"))
        return fail(
          c,
          403,
          "FORBIDDEN",
          "Your role does not allow recording a valuation (valuations.record).",
        );
      await next();
    },
    bodyLimit({
      maxSize: maxBytes + 64 * 1024,
      onError: (c) => {
        c.header("Connection", "close");
        return fail(
          c,
          413,
          "PAYLOAD_TOO_LARGE",
          `The report is too large: the limit is ${megabytes(maxBytes)}.`,
          "file",
        );
      },
    }),
    async (c) => {
      const session = (await services.auth.portal.current(honoCookies(c)))!;
      const staff = (await activeStaff(services, session.userId))!;
      let form: FormData;
      try {
        form = await c.req.raw.formData();
      } catch {
        return fail(
          c,
          400,
          "BAD_REQUEST",
          'Send the valuation as multipart/form-data with the report in the field "file".',
          "file",
        );
      }
      const entry = entryOf(form);
      const errors = validate(entry);
      if (errors?.length) {
        const first = errors[0]!;
        return fail(c, 400, "BAD_REQUEST", first.message, first.pointer.replace(/^\//, "") || null);
      }
      const input = entry as Entry;
      if (!(await visibleApplication(services, staff, input.applicationId)))
        return fail(c, 404, "NOT_FOUND", "There is no such application in your pipeline.");
      const file = await uploadedFile(form, maxBytes);
      if (file instanceof UploadError) return fail(c, file.status, file.code, file.message, file.field);
      const report = {
        bytes: file.bytes,
        fileName: cleanFileName(file.name, file.type, input.kind),
        contentType: file.type.contentType,
      };
      try {
        // Stored and recorded in the file's turn, as an applicant's upload is (uploads/accept.ts):
        // a removal of the same bytes elsewhere waits, and a refused report leaves no file behind.
        const loan = await withKeyLock(services.db, sha256Hex(file.bytes), async () => {
          const stored = await services.storage.put(file.bytes);
          try {
            return await recordValuation(services, staff, input, { ...report, stored });
          } catch (error) {
            if (stored.created) await deleteIfUnreferenced(services, stored.key);
            throw error;
          }
        });
        return c.json({ valuations: loan.file.valuations ?? [] }, 201);
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        const field = error.fieldErrors?.[0]?.pointer.replace(/^\//, "") ?? null;
        return fail(
          c,
          error.kind,
          error.kind === "invalid" ? "BAD_REQUEST" : error.kind.toUpperCase(),
          error.message,
          field,
        );
      }
    },
  );
  app.onError((error, c) => {
    services.log.error({ err: error.name }, `valuation route failed: ${error.name}`);
    return fail(
      c,
      500,
      "INTERNAL_SERVER_ERROR",
      "Something went wrong on our side. Nothing was recorded; please try again.",
    );
  });
  return app;
}
