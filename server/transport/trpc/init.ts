// tRPC setup: the request context, the error shape (a bad input names its field by JSON
// pointer), and the procedure kinds: public, applicant (own session) and portal (staff session).
import { englishOf, said, type Said } from "@engine/locale/server-words";
import type { Definitions } from "@engine/definitions/definitions";
import type { Locale } from "@engine/locale/locales";
import { initTRPC, TRPCError } from "@trpc/server";
import type { FieldError, MessageWords } from "@engine/validation/messages";
import { FieldErrors, GoTo } from "./causes";
import { refusalOf, toTRPCError } from "./refusals";
import { localizedSet, requestLocale } from "@server/features/locale/locale";
import { refusalIn, saidIn } from "@server/features/locale/refusal-text";
import { Refusal, type RefusalKind } from "@server/features/refusal";

export { FieldErrors, GoTo };
import type { CookieIO } from "@server/features/auth/cookies";
import type { Session } from "@server/features/auth/sessions";
import type { Permission } from "@server/features/portal/roles";
import { activeStaff } from "@server/features/portal/staff";
import type { Services } from "@server/services";
import { WriteConflict } from "@server/persistence/db/client";
import type { StoredApplication } from "@server/persistence/store/applications";

export interface Context {
  services: Services;
  cookies: CookieIO;
  /** Response headers of this call (Cache-Control for personal data). */
  resHeaders: Headers;
  ip: string;
  /** The origin the request came to (scheme://host:port); mailed links use PUBLIC_URL when it is set. */
  origin?: string;
  /** The browser's User-Agent header (recorded with a signature). */
  userAgent?: string | null;
  applicant: Session | null;
  portal: Session | null;
  /**
   * The application the applicant owns (null: none), read with their session in one statement
   * when the call carries a step.get, and opened only once that session passed its checks;
   * absent when not read so.
   */
  ownedApplication?: () => StoredApplication | null;
}

/** A refusal that says where to go instead: a step not open to this reader, an application that is submitted. */
export const refuseWithRoute = (code: "FORBIDDEN" | "PRECONDITION_FAILED", route: string, message: string) =>
  new TRPCError({ code, message, cause: new GoTo(route, message) });

/** A refusal of fields; `inWords` gives the same errors in a language's words. */
export const badRequest = (errors: FieldError[], inWords?: (words: MessageWords) => FieldError[]) =>
  new TRPCError({
    code: "BAD_REQUEST",
    message: errors[0] ? `${errors[0].pointer || "/"}: ${errors[0].message}` : "Bad request",
    cause: new FieldErrors(errors, inWords),
  });

/** A refusal of the transport's own, as an engine word (given in the reader's language). */
export const wordError = (kind: RefusalKind, s: Said) => toTRPCError(new Refusal(kind, s));

/**
 * What a procedure says of itself to the request guards: `alone`, an expensive call (the impact
 * report, a rollback) a batch may carry only by itself (transport/security/request-shape.ts).
 */
export interface ProcedureMeta {
  alone?: boolean;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error, ctx }) {
      // Input parser errors arrive wrapped once more by tRPC: look down the cause chain.
      let cause: unknown = error.cause;
      while (
        cause instanceof Error &&
        !(cause instanceof FieldErrors) &&
        !(cause instanceof GoTo) &&
        !(cause instanceof Refusal)
      )
        cause = cause.cause;
      // A context without the services or cookies (one that failed to be made) answers in English.
      const defs = (ctx as Partial<Context> | undefined)?.services?.defs;
      const cookies = (ctx as Partial<Context> | undefined)?.cookies;
      const locale = defs && cookies ? requestLocale(defs, cookies) : null;
      const foreign = defs && locale && locale.code !== "en" ? { defs, locale } : null;
      // In the reader's language (the heloc.lang cookie): an engine word by its id and values, a
      // definition's own message (a dueReason, a check's) by its English.
      const inLanguage = (english: string, s?: Said) =>
        !foreign
          ? english
          : s
            ? saidIn(foreign.defs, foreign.locale, s)
            : refusalIn(foreign.defs, foreign.locale, english);
      const fieldErrors =
        cause instanceof FieldErrors ? fieldErrorsIn(cause, foreign, inLanguage) : undefined;
      const route = cause instanceof GoTo ? cause.route : undefined;
      // Never echo internals: an unexpected error says only that it happened.
      const internal = error.code === "INTERNAL_SERVER_ERROR";
      const saidAs = internal
        ? said("refusal.internal")
        : cause instanceof GoTo || cause instanceof Refusal
          ? cause.said
          : undefined;
      const english = saidAs ? englishOf(saidAs) : shape.message;
      // A refusal of fields says the first one's pointer and message, as its field error does.
      const first = cause instanceof FieldErrors ? cause.errors[0] : undefined;
      const message =
        first && fieldErrors?.[0] && english === `${first.pointer || "/"}: ${first.message}`
          ? `${first.pointer || "/"}: ${fieldErrors[0].message}`
          : inLanguage(english, saidAs);
      return {
        ...shape,
        message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          ...(fieldErrors ? { fieldErrors } : {}),
          ...(route ? { route } : {}),
        },
      };
    },
  });

/** Field errors as the client reads them: each message in the reader's language, no word ids. */
function fieldErrorsIn(
  cause: FieldErrors,
  foreign: { defs: Definitions; locale: Locale } | null,
  inLanguage: (english: string, s?: Said) => string,
): FieldError[] {
  // A malformed call's errors are described again in the reader's words (its field names as the API's schema names them).
  const errors =
    foreign && cause.inWords ? cause.inWords(localizedSet(foreign.defs, foreign.locale).words) : cause.errors;
  return errors.map(({ said: s, ...e }) => ({ ...e, message: inLanguage(e.message, s) }));
}

export const router = t.router;
/** For procedures open to anyone (sign-in pages, the site's facts): a feature's refusal maps like any other. */
export const publicProcedure = t.procedure.use(async ({ next }) => {
  const result = await next();
  const refusal = result.ok ? null : refusalOf((result as unknown as { error: TRPCError }).error.cause);
  if (refusal) throw toTRPCError(refusal);
  return result;
});

/**
 * Personal data must not be cached by the browser or anything between. And a write that kept
 * colliding with others on the database (PostgreSQL) is a conflict to retry, not a server fault.
 * Each procedure kind below is one middleware that does this and its own admission: tRPC copies a
 * call's options twice at every layer (docs/performance.md), and its next
 * is given only the context keys it narrows.
 */
async function noStore<R extends { ok: boolean }>(ctx: Context, call: () => Promise<R>): Promise<R> {
  // Set first: a refusal of the admission inside `call` carries it too.
  ctx.resHeaders.set("Cache-Control", "no-store");
  const result = await call();
  if (result.ok) return result;
  const error = (result as unknown as { error: TRPCError }).error;
  const refusal = refusalOf(error.cause);
  if (refusal) throw toTRPCError(refusal);
  const cause = error.cause;
  if (cause instanceof WriteConflict)
    throw new TRPCError({
      code: "CONFLICT",
      message: englishOf(said("refusal.savedElsewhere")),
      cause: new Refusal("conflict", said("refusal.savedElsewhere"), undefined, undefined, cause),
    });
  return result;
}

export const applicantProcedure = t.procedure.use(({ ctx, next }) =>
  noStore(ctx, () => {
    const { applicant } = ctx;
    if (!applicant)
      throw new TRPCError({
        code: "UNAUTHORIZED",
        message: englishOf(said("refusal.signInToContinue")),
        cause: new Refusal("signInRequired", said("refusal.signInToContinue")),
      });
    return next({ ctx: { applicant } });
  }),
);

export type ApplicantContext = Context & { applicant: Session };

const portalSession = (ctx: Context): Session => {
  if (!ctx.portal)
    throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in to the portal to continue" });
  return ctx.portal;
};

export const portalProcedure = t.procedure.use(({ ctx, next }) =>
  noStore(ctx, () => next({ ctx: { portal: portalSession(ctx) } })),
);

/** For procedures that work with or without a session (the early funnel). */
export const visitorProcedure = t.procedure.use(({ ctx, next }) => noStore(ctx, () => next()));

/**
 * A portal procedure that needs one of the given permissions (rules/portal-roles.json says which
 * roles hold it); with none, any active portal user. The user is read on every call: a
 * deactivated user's session is ended at once, a role change applies to the next call.
 */
export const staffProcedure = (...anyOf: Permission[]) =>
  t.procedure.use(({ ctx, next }) =>
    noStore(ctx, async () => {
      const portal = portalSession(ctx);
      const staff = await activeStaff(ctx.services, portal.userId);
      if (!staff) {
        await ctx.services.auth.portal.sessions.invalidate(portal.id);
        throw new TRPCError({
          code: "UNAUTHORIZED",
          message: "Your portal account is not active. Ask an administrator.",
        });
      }
      if (anyOf.length && !anyOf.some((p) => staff.can(p)))
        throw new TRPCError({ code: "FORBIDDEN", message: "Your role does not allow this." });
      return next({ ctx: { portal, staff } });
    }),
  );
