// members.*: the co-borrower's side of an invite, and the progress page both borrowers see.
// - invitation: what an invite link is (for the join page), without spending it;
// - accept: spends it for the person who opened it, with their own account (made when the address
//   has none: the link, mailed to it, proves they hold it) and session;
// - progress: each borrower's part of the application and how far it is answered.
import { TRPCError } from "@trpc/server";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { JsonSchema } from "../../../engine/bundle";
import type { Definitions } from "../../../engine/definitions";
import { flowStepsFor, labelOf, rankOf } from "../../../engine/funnel";
import { activeRoles, flowOfRole, memberRole, OWNER_ROLE, partOf, stepHasPart, viewFor, type Part } from "../../../engine/members";
import { getAt } from "../../../engine/pointer";
import { transaction } from "../../db/client";
import { users } from "../../db/schema";
import { completedOf, memberStore, readerFacts, type MemberRow } from "../../members/store";
import { accountName } from "../../store/account-fields";
import { applicationStore, type StoredApplication } from "../../store/applications";
import { applicantProcedure, router, visitorProcedure } from "../init";
import { inputOf } from "../inputs";

const linkGone = () =>
  new TRPCError({ code: "NOT_FOUND", message: "This invite link has expired, was replaced by a newer one, or was already used. Ask the borrower to send you a new invite, or sign in if you have joined already." });

/** "s•••@example.com": enough for the invitee to recognise their address, not to learn someone's. */
const hintOf = (email: string) => email.replace(/^(.)[^@]*/, "$1•••");

/** One borrower's steps: a member's flow walk (done once saved), or the owner's (done once passed). */
function stepsOf(defs: Definitions, app: StoredApplication, role: string, part: Part, member: MemberRow | null) {
  const flow = flowOfRole(defs, role);
  const start = flow ? defs.flows.get(flow)!.def.variants[0]!.steps[0]! : app.status;
  const walk = flowStepsFor(defs, start, app.doc, { flow, variant: app.variant });
  if (!walk) return [];
  const done = new Set(member ? completedOf(member) : []);
  const statusRank = rankOf(defs, app.status) ?? -1;
  // A member's walk ends on this progress page; the owner's account setup (rank 0) is not part of the application.
  const shown = flow ? walk.steps.slice(0, -1) : walk.steps;
  return shown
    .map((id) => defs.steps.get(id)!.def)
    .filter((step) => stepHasPart(step.schema as JsonSchema, part) && (flow || step.rank > 0))
    .map((step) => ({ id: step.id, label: labelOf(defs, step.id) ?? step.label, route: step.route, done: flow ? done.has(step.id) : step.rank < statusRank }));
}

export const membersRouter = router({
  invitation: visitorProcedure.input(inputOf("inviteRef")).query(async ({ ctx, input }) => {
    const { db, defs } = ctx.services;
    const members = memberStore(ctx.services);
    const member = await members.openInvite(db, input.token, ctx.services.now());
    const app = member && (await members.applicationOf(db, member));
    if (!member || !app) throw linkGone();
    return { inviter: accountName(defs, app.doc) ?? "A borrower", role: member.role, roleLabel: memberRole(defs, member.role).label, emailHint: hintOf(member.email), expiresAt: member.expiresAt.toISOString() };
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
        throw new TRPCError({ code: "FORBIDDEN", message: `This invite is for ${hintOf(member.email)}, and you are signed in with another account. Sign out, then open the link again.` });
      // One application per account: an address that already has its own (or has joined another) cannot join this one.
      if (holder && (await members.readerOf(tx, holder.id)))
        throw new TRPCError({ code: "CONFLICT", message: "This email address already has an application with us. Ask the borrower to invite another address of yours, or contact us." });
      const userId = holder?.id ?? randomUUID();
      if (!holder) await tx.insert(users).values({ id: userId, email: member.email, emailVerifiedAt: now, createdAt: now });
      else if (!holder.emailVerifiedAt) await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, userId));
      if (!(await members.accept(tx, member, userId, now))) throw linkGone();
      await store.audit(tx, { actorKind: "applicant", actorId: userId, action: `members.accept:${member.role}`, applicationId: app.id });
      if (!ctx.applicant) {
        const { token, session } = await auth.applicant.sessions.create(userId, tx);
        fresh = { token, expiresAt: session.expiresAt };
      }
      const joined = { ...member, userId, acceptedAt: now, tokenHash: null };
      return readerFacts(ctx.services, { app, role: member.role, part: partOf(defs, member.role, app.doc), member: joined });
    });
    const started = fresh as { token: string; expiresAt: Date } | null;
    if (started) auth.applicant.jar.set(ctx.cookies, "session", started.token, started.expiresAt);
    return { route: result.applicationRoute, role: result.role };
  }),

  progress: applicantProcedure.query(async ({ ctx }) => {
    const { db, defs } = ctx.services;
    const members = memberStore(ctx.services);
    const reader = await members.readerOf(db, ctx.applicant.userId);
    if (!reader) throw new TRPCError({ code: "NOT_FOUND", message: "There is no application for this account" });
    const { app } = reader;
    const rows = await members.ofApplication(db, app.id);
    const owner = partOf(defs, OWNER_ROLE, app.doc);
    const parts = [
      { role: OWNER_ROLE, label: "Borrower", name: accountName(defs, app.doc), you: reader.role === OWNER_ROLE, state: "answering" as const, steps: stepsOf(defs, app, OWNER_ROLE, owner, null) },
      ...activeRoles(defs, app.doc).map((role) => {
        const row = rows.find((r) => r.role === role) ?? null;
        const spec = memberRole(defs, role);
        return {
          role,
          label: spec.label,
          name: accountName(defs, app.doc, spec.namePointers),
          you: reader.role === role,
          state: row?.userId ? ("joined" as const) : ("invited" as const),
          steps: stepsOf(defs, app, role, partOf(defs, role, app.doc), row),
        };
      }),
    ];
    const view = viewFor(defs, reader.part, app.doc);
    return { you: reader.role, parts, property: getAt(view, "/property") ?? null };
  }),
});
