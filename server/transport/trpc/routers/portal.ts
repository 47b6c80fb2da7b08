// Portal procedures, on the portal session. Each names the permission it needs (staffProcedure);
// rules/portal-roles.json says which roles hold it, and server/features/portal/scope.ts keeps every query
// to the user's own partner (and, for loan officers, to their assigned applications).
import { translationReport } from "@engine/lint/translations";
import { withPositions } from "@engine/definitions/load";
import { auditAction } from "@engine/lending/audit-actions";
import { TRPCError } from "@trpc/server";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { buildFunnelMap, renderMermaid, renderSvg } from "@engine/explain/funnel-map";
import { formatProblem } from "@engine/lint/lint";
import { funnelReport, HOUSE_PARTNER } from "@server/features/analytics/report";
import { messagingReport } from "@server/features/messaging/report";
import { transaction } from "@server/persistence/db/client";
import { oneAtATime, rollbackDefinitions } from "@server/features/definitions/live";
import { impactReport } from "@server/features/definitions/impact-report";
import { applications, identityReviews, portalUsers, uploads } from "@server/persistence/db/schema";
import { decideReview, pendingReviews } from "@server/features/identity/checks";
import { notesOf } from "@server/features/portal/notes";
import { assigneesOf, assignLoanOfficer } from "@server/features/portal/assignment";
import { pipelineOf } from "@server/features/portal/pipeline";
import { visibleApplication, visibleTo } from "@server/features/portal/scope";
import { staffView, type Staff } from "@server/features/portal/staff";
import { linkBase, portalUsersOf } from "@server/features/portal/users";
import { losCredentialsOf } from "@server/features/los/credentials";
import { definitionFacts } from "@server/services";
import { applicationStore } from "@server/persistence/store/applications";
import { decideUploads, mailRejections } from "@server/features/uploads/review";
import { badRequest, router, staffProcedure, type Context } from "../init";
import { portalNoticesRouter } from "./portal-notices";
import { portalLoanRouter } from "./loan";
import { inputOf, optionalInputOf } from "../inputs";
import { errorKind } from "@server/platform/observability/log";

const notFound = () =>
  new TRPCError({ code: "NOT_FOUND", message: "There is no such application in your pipeline." });

const partnerName = async (ctx: Context, staff: Staff) => (await staffView(ctx.services, staff)).partner.name;

async function applicationOf(ctx: Context, staff: Staff, applicationId: string) {
  const row = await visibleApplication(ctx.services, staff, applicationId);
  if (!row) throw notFound();
  return row;
}

async function decide(
  ctx: Context & { staff: Staff },
  reviewId: string,
  status: "approved" | "rejected",
  reason: string | null,
) {
  // Only reviews of applications this user can see; others are "not found".
  const [review] = await ctx.services.db
    .select({ applicationId: identityReviews.applicationId })
    .from(identityReviews)
    .where(eq(identityReviews.id, reviewId));
  if (!review || !(await visibleApplication(ctx.services, ctx.staff, review.applicationId)))
    throw new TRPCError({ code: "NOT_FOUND", message: "There is no such identity review." });
  const result = await decideReview(ctx.services, reviewId, { status, reason, reviewedBy: ctx.staff.id });
  if (!result.ok && result.reason === "not-found")
    throw new TRPCError({ code: "NOT_FOUND", message: "There is no such identity review." });
  if (!result.ok)
    throw new TRPCError({ code: "CONFLICT", message: "This identity review has already been decided." });
  return { reviewId, status };
}

const usersRouter = router({
  list: staffProcedure("users.manage")
    .input(optionalInputOf("empty"))
    .query(async ({ ctx }) => ({ users: await portalUsersOf(ctx.services).list(ctx.staff) })),
  invite: staffProcedure("users.manage")
    .input(inputOf("portalInvite"))
    .mutation(async ({ ctx, input }) =>
      portalUsersOf(ctx.services).invite(
        ctx.staff,
        input,
        linkBase(ctx.services, ctx.origin ?? null),
        await partnerName(ctx, ctx.staff),
      ),
    ),
  setRole: staffProcedure("users.manage")
    .input(inputOf("portalRoleChange"))
    .mutation(({ ctx, input }) => portalUsersOf(ctx.services).setRole(ctx.staff, input.userId, input.role)),
  setOriginatorProfile: staffProcedure("users.originatorProfile")
    .input(inputOf("portalOriginatorProfile"))
    .mutation(({ ctx, input }) => portalUsersOf(ctx.services).setOriginatorProfile(ctx.staff, input)),
  deactivate: staffProcedure("users.manage")
    .input(inputOf("portalUserRef"))
    .mutation(({ ctx, input }) => portalUsersOf(ctx.services).deactivate(ctx.staff, input.userId)),
  reactivate: staffProcedure("users.manage")
    .input(inputOf("portalUserRef"))
    .mutation(({ ctx, input }) => portalUsersOf(ctx.services).reactivate(ctx.staff, input.userId)),
  resetPassword: staffProcedure("users.manage")
    .input(inputOf("portalUserRef"))
    .mutation(async ({ ctx, input }) =>
      portalUsersOf(ctx.services).resetPassword(
        ctx.staff,
        input.userId,
        linkBase(ctx.services, ctx.origin ?? null),
        await partnerName(ctx, ctx.staff),
      ),
    ),
});

/** The service credentials the partner's LOS pulls its MISMO files with (the LOS API). */
const losCredentialsRouter = router({
  list: staffProcedure("los.credentials")
    .input(optionalInputOf("empty"))
    .query(async ({ ctx }) => ({ credentials: await losCredentialsOf(ctx.services).list(ctx.staff) })),
  create: staffProcedure("los.credentials")
    .input(inputOf("losCredentialCreate"))
    .mutation(({ ctx, input }) => losCredentialsOf(ctx.services).create(ctx.staff, input.label)),
  revoke: staffProcedure("los.credentials")
    .input(inputOf("losCredentialRef"))
    .mutation(({ ctx, input }) => losCredentialsOf(ctx.services).revoke(ctx.staff, input.credentialId)),
});

const applicationsRouter = router({
  list: staffProcedure("applications.all", "applications.assigned")
    .input(optionalInputOf("portalPipelineQuery"))
    .query(({ ctx, input }) => pipelineOf(ctx.services).list(ctx.staff, input)),
  get: staffProcedure("applications.all", "applications.assigned")
    .input(inputOf("portalApplicationRef"))
    .query(async ({ ctx, input }) =>
      pipelineOf(ctx.services).detail(ctx.staff, await applicationOf(ctx, ctx.staff, input.applicationId)),
    ),
  /** The loan officers an application can be assigned to: each with their NMLS ID, and whether they can be (one on file). */
  assignees: staffProcedure("applications.assign")
    .input(optionalInputOf("empty"))
    .query(async ({ ctx }) => ({ loanOfficers: await assigneesOf(ctx.services, ctx.staff) })),
  /** Assigns the application to a loan officer with an NMLS ID on file (SAFE Act), or unassigns it. */
  assign: staffProcedure("applications.assign")
    .input(inputOf("portalAssignment"))
    .mutation(async ({ ctx, input }) => {
      const row = await applicationOf(ctx, ctx.staff, input.applicationId);
      return assignLoanOfficer(ctx.services, ctx.staff, row.id, input.loanOfficerId ?? null);
    }),
});

const uploadsRouter = router({
  /** Accepts or rejects one uploaded file (a rejection reopens its requirement and mails the borrower the reason). */
  review: staffProcedure("documents.review")
    .input(inputOf("uploadReview"))
    .mutation(async ({ ctx, input }) => {
      const { db } = ctx.services;
      const row = await applicationOf(ctx, ctx.staff, input.applicationId);
      const [file] = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.id, input.uploadId), eq(uploads.applicationId, row.id)));
      if (!file)
        throw new TRPCError({ code: "NOT_FOUND", message: "There is no such file on this application." });
      const store = applicationStore(ctx.services);
      const reason = input.decision === "rejected" ? input.reason!.trim() : null;
      const { app, rejected } = await transaction(db, async (tx) => {
        const [fresh] = await tx.select().from(applications).where(eq(applications.id, row.id));
        const app = store.fromRow(fresh!);
        return {
          app,
          rejected: await decideUploads(tx, ctx.services, app, [file.id], {
            status: input.decision,
            reason,
            reviewedBy: ctx.staff.id,
          }),
        };
      });
      if (rejected.length)
        await mailRejections(ctx.services, app, rejected, reason!).catch((error: unknown) =>
          ctx.services.log.error({ err: errorKind(error) }, "upload review: the rejection mail failed"),
        );
      return { uploadId: file.id, status: input.decision };
    }),
});

const notesRouter = router({
  /** The notes on one application's file, oldest first. */
  list: staffProcedure("notes.write")
    .input(inputOf("portalApplicationRef"))
    .query(async ({ ctx, input }) => ({
      notes: await notesOf(ctx.services).list((await applicationOf(ctx, ctx.staff, input.applicationId)).id),
    })),
  add: staffProcedure("notes.write")
    .input(inputOf("portalNoteAdd"))
    .mutation(async ({ ctx, input }) =>
      notesOf(ctx.services).add(
        ctx.staff,
        (await applicationOf(ctx, ctx.staff, input.applicationId)).id,
        input.text,
      ),
    ),
});

const identityRouter = router({
  /** Cases waiting for a person, oldest first, of the applications this user can see. */
  pending: staffProcedure("identity.review")
    .input(optionalInputOf("empty"))
    .query(async ({ ctx }) => {
      const reviews = await pendingReviews(ctx.services);
      const ids = [...new Set(reviews.map((r) => r.applicationId))];
      const rows = ids.length
        ? await ctx.services.db
            .select({ id: applications.id })
            .from(applications)
            .where(and(inArray(applications.id, ids), visibleTo(ctx.staff)))
        : [];
      const visible = new Set(rows.map((r) => r.id));
      return { reviews: reviews.filter((r) => visible.has(r.applicationId)) };
    }),
  approve: staffProcedure("identity.review")
    .input(inputOf("identityReviewApproval"))
    .mutation(({ ctx, input }) => decide(ctx, input.reviewId, "approved", input.reason ?? null)),
  reject: staffProcedure("identity.review")
    .input(inputOf("identityReviewRejection"))
    .mutation(({ ctx, input }) => decide(ctx, input.reviewId, "rejected", input.reason)),
});

export const portalRouter = router({
  me: staffProcedure()
    .input(optionalInputOf("empty"))
    .query(({ ctx }) => staffView(ctx.services, ctx.staff)),
  /** Texts and mails sent and refused, the day's spend and the budgets: the lender's own staff only. */
  messaging: staffProcedure("messaging.view")
    .input(optionalInputOf("empty"))
    .query(({ ctx }) => {
      if (ctx.staff.partnerId !== HOUSE_PARTNER)
        throw new TRPCError({
          code: "FORBIDDEN",
          message: "The site's messaging figures are for the lender's own staff.",
        });
      return messagingReport(ctx.services);
    }),
  /** Ends every session of the signed-in staff member, on every device and server (this one too). */
  signOutEverywhere: staffProcedure()
    .input(optionalInputOf("empty"))
    .mutation(async ({ ctx }) => {
      const { sessions, jar } = ctx.services.auth.portal;
      await sessions.invalidateAllOf(ctx.staff.id);
      jar.clear(ctx.cookies, "session");
      return { signedOut: true };
    }),
  /** The roles a user can be given, with what each allows. */
  roles: staffProcedure()
    .input(optionalInputOf("empty"))
    .query(({ ctx }) => ({
      roles: [...ctx.services.portal.roles.values()].map((r) => ({
        id: r.id,
        label: r.label,
        description: r.description,
        permissions: r.permissions,
      })),
    })),
  users: usersRouter,
  losCredentials: losCredentialsRouter,
  applications: applicationsRouter,
  uploads: uploadsRouter,
  notes: notesRouter,
  notices: portalNoticesRouter,
  loan: portalLoanRouter,
  identityReviews: identityRouter,
  /**
   * Each offered language's stale and missing strings in the definitions this server runs
   * (engine/lint/translations.ts, as npm run check reports them): stale ones with the translation's
   * file, line and column; missing ones by source and pointer, with the English and its hash.
   */
  translations: staffProcedure("definitions.view")
    .input(optionalInputOf("empty"))
    .query(({ ctx }) => {
      const { defs } = ctx.services;
      const texts = (defs.texts ?? new Map()) as Map<string, string>;
      return {
        version: ctx.services.definitionsVersion,
        locales: translationReport(defs).map((report) => ({
          locale: report.locale,
          translated: report.translated,
          stale: withPositions(report.stale, texts).map(({ file, line, column, pointer, message }) => ({
            file,
            line: line ?? null,
            column: column ?? null,
            pointer,
            message,
          })),
          missing: report.missing,
        })),
      };
    }),
  /** The funnel map of the definitions this server runs (npm run funnel:map draws the same). */
  funnelMap: staffProcedure("definitions.view")
    .input(optionalInputOf("empty"))
    .query(({ ctx }) => {
      const map = buildFunnelMap(ctx.services.defs);
      return { version: ctx.services.definitionsVersion, svg: renderSvg(map), mermaid: renderMermaid(map) };
    }),
  /**
   * Before a change to the definition files goes live: the files on disk, checked, against the
   * definitions running, and how many of the partner's applications in flight they would send back
   * (npm run definitions:impact, for the whole database).
   */
  /**
   * The files on disk against the set running, and the change's impact on the caller's own
   * applications: computed once per pair of versions in the definitions worker, read from then on
   * (features/definitions/impact-report.ts); a page of its applications at a time. Limited per
   * user, and alone in its batch.
   */
  definitionsImpact: staffProcedure("definitions.impact")
    .meta({ alone: true })
    .input(optionalInputOf("definitionsImpact"))
    .query(async ({ ctx, input }) => {
      const over = await ctx.services.limits.definitionsImpactPerUser.hit(ctx.staff.id);
      if (!over.ok)
        throw new TRPCError({
          code: "TOO_MANY_REQUESTS",
          message:
            "You have asked for this report many times in the last minutes. Please wait a few minutes.",
        });
      return impactReport(ctx.services, ctx.staff, ctx.services.config.definitions ?? {}, input ?? {});
    }),
  /**
   * Serves an earlier published version of the definitions again, gated as any change is (check
   * and the impact report); the lender's own administrators only, since every partner's applicants
   * walk the same funnel.
   */
  definitionsRollback: staffProcedure("definitions.rollback")
    .meta({ alone: true })
    .input(inputOf("definitionsRollback"))
    .mutation(async ({ ctx, input }) => {
      if (ctx.staff.partnerId !== HOUSE_PARTNER)
        throw new TRPCError({
          code: "FORBIDDEN",
          message: "Only the lender's own administrators change the definitions every partner uses.",
        });
      const reload = await oneAtATime(ctx.services, () =>
        rollbackDefinitions(
          ctx.services,
          ctx.services.config.definitions ?? {},
          input.version,
          `rollback to ${input.version} by ${ctx.staff.email}`,
        ),
      );
      return {
        swapped: reload.swapped,
        version: reload.version,
        problems: reload.problems.map(formatProblem),
      };
    }),
  /** Funnel drop-off, time per step and conversion per variant, from the first-party events. */
  analytics: staffProcedure("analytics.view")
    .input(optionalInputOf("empty"))
    .query(({ ctx }) =>
      funnelReport(ctx.services.db, ctx.services.defs, ctx.staff.partnerId, {
        now: ctx.services.now(),
        demo: ctx.services.config.demo === true && !ctx.services.config.production,
      }),
    ),
});
