// members.*: the co-borrower's side of an invite, and the progress page both borrowers see.
// - invitation: what an invite link is (for the join page), without spending it;
// - accept: spends it for the person who opened it, with their own account (made when the address
//   has none: the link, mailed to it, proves they hold it) and session;
// - progress: each borrower's part of the application and how far it is answered.
import { said } from "@engine/locale/server-words";
import { auditAction } from "@engine/lending/audit-actions";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { applicantLabelOf } from "@engine/funnel/funnel";
import { doneSteps, isFinalStatus, plannedSteps } from "@engine/funnel/journey";
import {
  accessOf,
  flowOfPart,
  memberRole,
  OWNER_ROLE,
  partOf,
  roleLabel,
  viewFor,
} from "@engine/funnel/members";
import { getAt, setAt } from "@engine/base/pointer";
import { todayIso } from "@engine/base/dates";
import { transaction } from "@server/persistence/db/client";
import { users } from "@server/persistence/db/schema";
import { memberStore, type Reader } from "@server/features/members/store";
import type { Services } from "@server/services";
import { journeyFor, ownerJourney, readerCompleted, readerFacts } from "@server/features/steps/journey";
import { accountName } from "@engine/lending/borrowers";
import { applicationStore } from "@server/persistence/store/applications";
import { applicantProcedure, router, visitorProcedure, wordError } from "../init";
import { inviteMail, JOIN_PATH, reminderMail } from "@server/features/members/effects";
import { mailGate } from "@server/features/messaging/mail";
import { localizedSet, requestLocale } from "@server/features/locale/locale";
import { saidIn } from "@server/features/locale/refusal-text";
import { localeOf } from "@engine/locale/locales";
import { accountLocale } from "@server/features/locale/mail-text";
import { linkBase } from "@server/features/portal/users";
import { ROUTES } from "@engine/base/routes";
import { inputOf } from "../inputs";

const linkGone = () => wordError("notFound", said("refusal.join.linkGone"));

/** "s•••@example.com": enough for the invitee to recognise their address, not to learn someone's. */
const hintOf = (email: string) => email.replace(/^(.)[^@]*/, "$1•••");

/**
 * One borrower's steps of the application, as their own path walks them (engine/funnel/journey.ts): done
 * once they saved it on that path. Only the flow the path ends in (the application, or a member's
 * own), without the owner's account setup (rank 0) or the pages that ask nothing.
 */
/** The steps of a reader's part, each labelled as `labels` (the request's language's set) words it. */
function stepsOf(services: Services, reader: Reader, labels = services.defs) {
  const { defs } = services;
  const journey = journeyFor(services, reader);
  const done = new Set(doneSteps(journey));
  const input = {
    application: reader.app.doc,
    completed: readerCompleted(services, reader),
    variant: reader.app.variant,
    flow: flowOfPart(defs, reader.part),
    part: reader.part,
    // The steps after the due one are walked on the server's day too, as the journey was.
    today: todayIso(services.now()),
  };
  const planned = plannedSteps(defs, input, journey);
  const inFlow = (id: string) =>
    [...defs.flows.values()].find(
      ({ def }) =>
        def.variants.some((v) => v.steps.includes(id)) &&
        def.variants.some((v) => v.steps.includes(planned.at(-1)!)),
    );
  return planned
    .filter((id) => (input.flow ? true : inFlow(id) !== undefined))
    .map((id) => defs.steps.get(id)!.def)
    .filter(
      (step) =>
        step.rank > 0 &&
        !isFinalStatus(defs, step.id) &&
        Object.keys(step.schema.properties ?? {}).length + (step.effects?.length ?? 0) > 0,
    )
    .map((step) => ({
      id: step.id,
      label: applicantLabelOf(labels, step.id) ?? labels.steps.get(step.id)?.def.label ?? step.label,
      route: step.route,
      done: done.has(step.id),
    }));
}

export const membersRouter = router({
  invitation: visitorProcedure.input(inputOf("inviteRef")).query(async ({ ctx, input }) => {
    const { db, defs } = ctx.services;
    const members = memberStore(ctx.services);
    const now = ctx.services.now();
    const member = await members.openInvite(db, input.token, now);
    const app = member && (await members.applicationOf(db, member));
    if (!member || !app) throw linkGone();
    // The page is in the reader's language: the role's name and, without a name, "a borrower" too.
    const locale = requestLocale(defs, ctx.cookies);
    return {
      inviter: accountName(defs, app.doc) ?? saidIn(defs, locale, said("member.aBorrower")),
      role: member.role,
      roleLabel: memberRole(localizedSet(defs, locale).defs, member.role).label,
      /** What they are asked to do: answer their part, or only consent and sign (rules/members.json). */
      access: accessOf(defs, app.doc, todayIso(now))[member.role] ?? "answers",
      emailHint: hintOf(member.email),
      expiresAt: member.expiresAt.toISOString(),
    };
  }),

  accept: visitorProcedure.input(inputOf("inviteRef")).mutation(async ({ ctx, input }) => {
    const { db, defs, auth } = ctx.services;
    const members = memberStore(ctx.services);
    const store = applicationStore(ctx.services);
    const now = ctx.services.now();
    let fresh: { token: string; expiresAt: Date } | null = null;
    const result = await transaction(db, async (tx) => {
      const member = await members.openInvite(tx, input.token, now);
      const app = member && (await members.applicationOf(tx, member));
      if (!member || !app) throw linkGone();
      const [holder] = await tx.select().from(users).where(eq(users.email, member.email));
      if (ctx.applicant && ctx.applicant.userId !== holder?.id)
        throw wordError("forbidden", said("refusal.join.otherAccount", { email: hintOf(member.email) }));
      // One application per account: an address that already has its own (or has joined another) cannot join this one.
      if (holder && (await members.readerOf(tx, holder.id)))
        throw wordError("conflict", said("refusal.join.hasApplication"));
      const userId = holder?.id ?? randomUUID();
      if (!holder)
        await tx
          .insert(users)
          .values({ id: userId, email: member.email, emailVerifiedAt: now, createdAt: now });
      else if (!holder.emailVerifiedAt)
        await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, userId));
      if (!(await members.accept(tx, member, userId, now))) throw linkGone();
      // Their own email answer is the address they joined with: the one they sign in with.
      const own = memberRole(defs, member.role).ownEmail;
      if (own && getAt(app.doc, own) !== member.email)
        await store.save(
          tx,
          app,
          setAt(structuredClone(app.doc), own, member.email),
          app.status,
          app.recheck,
          {
            bumpRevision: false,
          },
        );
      await store.audit(tx, {
        actorKind: "applicant",
        actorId: userId,
        action: auditAction("members.accept", member.role),
        applicationId: app.id,
      });
      if (!ctx.applicant) {
        const { token, session } = await auth.applicant.sessions.create(userId, tx);
        fresh = { token, expiresAt: session.expiresAt };
      }
      const joined = { ...member, userId, acceptedAt: now, tokenHash: null };
      return readerFacts(ctx.services, {
        app,
        role: member.role,
        part: partOf(defs, member.role, app.doc, todayIso(now)),
        member: joined,
      });
    });
    const started = fresh as { token: string; expiresAt: Date } | null;
    if (started) auth.applicant.jar.set(ctx.cookies, "session", started.token, started.expiresAt);
    return { route: result.applicationRoute, role: result.role };
  }),

  /**
   * The borrower reminds a member who has not finished their part: a new invite link when they
   * have not joined yet (the older one retired), else a mail to sign in and carry on. Each counts
   * against the application's invite mails (a few an hour).
   */
  remind: applicantProcedure.input(inputOf("memberRef")).mutation(async ({ ctx, input }) => {
    const { db, defs } = ctx.services;
    const members = memberStore(ctx.services);
    const now = ctx.services.now();
    const reader = await members.readerOf(db, ctx.applicant.userId);
    if (!reader) throw wordError("notFound", said("refusal.noApplication"));
    if (reader.member) throw wordError("forbidden", said("refusal.remind.ownerOnly"));
    const { app } = reader;
    const today = todayIso(now);
    const access = accessOf(defs, app.doc, today)[input.role];
    const row = (await members.ofApplication(db, app.id)).find((r) => r.role === input.role);
    if (!access || !row) throw wordError("notNow", said("refusal.remind.notInvited"));
    const part = partOf(defs, input.role, app.doc, today);
    if (
      row.userId &&
      stepsOf(ctx.services, { app, role: input.role, part, member: row }).every((s) => s.done)
    )
      throw wordError("notNow", said("refusal.remind.partDone"));
    const over = await ctx.services.limits.invitesPerApplicant.hit(app.id);
    if (!over.ok) throw wordError("tooMany", said("refusal.remind.tooMany"));
    const { inviteValidDays } = memberRole(defs, input.role);
    // An invitee has no account of their own yet: they read the invite in the inviter's language.
    const language = requestLocale(defs, ctx.cookies).code;
    const base = linkBase(ctx.services, ctx.origin ?? null);
    if (row.userId) {
      // They have an account now: its language, if they chose one.
      const theirs = (await accountLocale(db, row.userId)) ?? language;
      // A borrower with no name yet is "a borrower" in the mail's language.
      const inviter =
        accountName(defs, app.doc) ?? saidIn(defs, localeOf(defs.texts, theirs), said("member.aBorrower"));
      // They joined with this address (the invite link proved it): a reminder may name the borrower.
      await mailGate(ctx.services).send(
        row.email,
        reminderMail(
          ctx.services,
          { inviter, role: input.role, signIn: `${base}${ROUTES.applicantSignIn}` },
          theirs,
        ),
        { kind: "member-reminder", applicationId: app.id },
      );
    } else {
      const token = await transaction(db, (tx) => members.invite(tx, app.id, input.role, row.email, now));
      if (!token) throw wordError("conflict", said("refusal.remind.justJoined"));
      // Not proven yet: the invite again, as its proof, with no text anyone typed (effects.ts).
      await mailGate(ctx.services).send(
        row.email,
        inviteMail(
          ctx.services,
          { access, role: input.role, link: `${base}${JOIN_PATH}?token=${token}`, days: inviteValidDays },
          language,
        ),
        { kind: `invite-${access}`, applicationId: app.id, proof: true },
      );
    }
    return { sentTo: hintOf(row.email), joined: row.userId !== null };
  }),

  progress: applicantProcedure.query(async ({ ctx }) => {
    const { db, defs } = ctx.services;
    const members = memberStore(ctx.services);
    const reader = await members.readerOf(db, ctx.applicant.userId);
    if (!reader) throw wordError("notFound", said("refusal.noApplication"));
    const { app } = reader;
    const rows = await members.ofApplication(db, app.id);
    const today = todayIso(ctx.services.now());
    const owner: Reader = {
      app,
      role: OWNER_ROLE,
      part: partOf(defs, OWNER_ROLE, app.doc, today),
      member: null,
    };
    const submitted = ownerJourney(ctx.services, app, app.doc).submitted;
    const access = accessOf(defs, app.doc, today);
    // The labels of the roles and steps in the request's language.
    const labels = localizedSet(defs, requestLocale(defs, ctx.cookies)).defs;
    const parts = [
      {
        role: OWNER_ROLE,
        label: roleLabel(labels, OWNER_ROLE),
        name: accountName(defs, app.doc),
        you: reader.role === OWNER_ROLE,
        owner: true,
        access: null,
        state: "answering" as const,
        steps: stepsOf(ctx.services, owner, labels),
      },
      ...Object.keys(access).map((role) => {
        const row = rows.find((r) => r.role === role) ?? null;
        const spec = memberRole(defs, role);
        const part = partOf(defs, role, app.doc, today);
        return {
          role,
          label: memberRole(labels, role).label,
          name: accountName(defs, app.doc, spec.namePointers),
          you: reader.role === role,
          owner: false,
          access: access[role] ?? null,
          state: row?.userId ? ("joined" as const) : row ? ("invited" as const) : ("notInvited" as const),
          steps: row ? stepsOf(ctx.services, { app, role, part, member: row }, labels) : [],
        };
      }),
    ];
    const view = viewFor(defs, reader.part, app.doc, today);
    return { you: reader.role, submitted, parts, property: getAt(view, "/property") ?? null };
  }),
});
