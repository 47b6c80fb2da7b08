// Who may download a PDF of an application (the signed disclosures, a notice), as plain GET links
// the browser follows (no custom header can be asked for): the signed-in applicant or member for
// their own application, or, with ?application=<id>, portal staff holding the route's permission
// who can see that application. Any other id is "not found" (ids cannot be probed); requests
// another site starts are refused; downloads are rate-limited per person and never cached. A refusal
// said as an engine word is written in the request's language (the heloc.lang cookie), except to
// staff (?application=), whose portal is English.
import type { Context } from "hono";
import { SOURCE_LOCALE } from "@engine/locale/locales";
import { said, type Said } from "@engine/locale/server-words";
import { honoCookies } from "@server/features/auth/cookies";
import { requestLocale } from "@server/features/locale/locale";
import { saidIn } from "@server/features/locale/refusal-text";
import { memberStore, type Reader } from "@server/features/members/store";
import { visibleApplication } from "@server/features/portal/scope";
import type { Permission } from "@server/features/portal/roles";
import { activeStaff, type Staff } from "@server/features/portal/staff";
import type { Services } from "@server/services";
import { validatorOf } from "../trpc/inputs";

/** An application id, the shape common.json#/$defs/id gives every id; anything else names no application. */
const isId = validatorOf("common.json#/$defs/id") as (value: unknown) => value is string;

export type Downloader =
  | { staff: Staff; reader: null; applicationId: string }
  | { staff: null; reader: Reader; applicationId: string };

type Status = 401 | 403 | 404 | 409 | 429;

export function pdfDownloads(
  services: Services,
  words: { permission: Permission; signIn: string | Said; notFound: string | Said },
) {
  const perPerson = services.limits.pdfDownloads;

  const fail = (c: Context, status: Status, code: string, message: string | Said) => {
    c.header("Cache-Control", "no-store");
    const locale =
      c.req.query("application") !== undefined ? SOURCE_LOCALE : requestLocale(services.defs, honoCookies(c));
    const text = typeof message === "string" ? message : saidIn(services.defs, locale, message);
    return c.json({ error: { code, message: text } }, status);
  };

  return {
    fail,
    notFound: (c: Context) => fail(c, 404, "NOT_FOUND", words.notFound),
    /** The failure for a PDF that cannot be given (404: none; 409: its text changed since). */
    refused: (c: Context, result: { status: 404 | 409; message: string }) =>
      result.status === 404
        ? fail(c, 404, "NOT_FOUND", words.notFound)
        : fail(c, 409, "CONFLICT", result.message),

    /** Who downloads, and which application; a Response when they may not (`named`: the file name asked for is one this route gives). */
    async downloader(c: Context, named: boolean): Promise<Downloader | Response> {
      if (c.req.header("sec-fetch-site") === "cross-site")
        return fail(c, 403, "FORBIDDEN", said("refusal.download.crossSite"));
      const forApplication = c.req.query("application");
      const kind = forApplication !== undefined ? "portal" : "applicant";
      const session = await services.auth[kind].current(honoCookies(c));
      const staff = kind === "portal" && session ? await activeStaff(services, session.userId) : null;
      if (!session || (kind === "portal" && !staff)) return fail(c, 401, "UNAUTHORIZED", words.signIn);
      if (staff && !staff.can(words.permission))
        return fail(c, 403, "FORBIDDEN", "Your role does not allow opening this document.");
      if (!named) return fail(c, 404, "NOT_FOUND", words.notFound);
      if (!(await perPerson.hit(session.userId)).ok)
        return fail(c, 429, "TOO_MANY_REQUESTS", said("refusal.download.tooMany"));
      if (staff) {
        const row = isId(forApplication) ? await visibleApplication(services, staff, forApplication) : null;
        return row
          ? { staff, reader: null, applicationId: row.id }
          : fail(c, 404, "NOT_FOUND", words.notFound);
      }
      const reader = await memberStore(services).readerOf(services.db, session.userId);
      return reader
        ? { staff: null, reader, applicationId: reader.app.id }
        : fail(c, 404, "NOT_FOUND", words.notFound);
    },

    /** The PDF as an attachment. */
    send: (c: Context, bytes: Uint8Array, filename: string) =>
      c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Content-Length": String(bytes.byteLength),
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
        // As an upload is served: a PDF runs nothing of ours, whatever opens it.
        "Content-Security-Policy": "default-src 'none'; sandbox",
      }),
  };
}
