// Managing a partner's portal users: invite, change role, deactivate, reactivate, reset password.
// The guard rails: only users of one's own partner; nobody changes their own role or account
// state; the partner keeps at least one active administrator. Every change is audited (ids and
// roles only, never an email or a name).
import { refuse, invalidAnswers } from "@server/features/refusal";
import { auditAction, type AuditAction } from "@engine/lending/audit-actions";
import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, ne } from "drizzle-orm";
import { transaction, type Db } from "@server/persistence/db/client";
import { portalUsers } from "@server/persistence/db/schema";
import type { Services } from "@server/services";
import { applicationStore } from "@server/persistence/store/applications";
import type { Staff } from "./staff";
import { issueToken, type TokenPurpose } from "./tokens";
import { mailGate } from "../messaging/mail";
import { join } from "node:path";
import { REPO_ROOT } from "@engine/base/paths";
import { ROUTES } from "@engine/base/routes";
import { lenderTokens } from "@engine/lending/lender";
import { readLenderProfile } from "@engine/lending/lender-file";
import { fillTokens, readDisclosure } from "../esign/documents";

/** The texts of the mails, with the lender profile's tokens (content/mail/). */
const MAIL_DIR = join(REPO_ROOT, "content/mail");
/** The lender's own partner (the first migration makes it): its staff are the lender's. */
const HOUSE_PARTNER = "house";

type UserRow = typeof portalUsers.$inferSelect;

export type UserStatus = "active" | "invited" | "deactivated";
const statusOf = (u: UserRow): UserStatus =>
  u.disabledAt ? "deactivated" : u.passwordHash ? "active" : "invited";

const notFound = () => refuse("notFound", "There is no such user in your organisation.");
const refused = (message: string) => refuse("forbidden", message);

/**
 * Where mailed links point: PUBLIC_URL (development sets it at start to the server's own address,
 * never a request's Host, which anyone can name); the request's origin only for a server built
 * without starting (unit tests).
 */
export function linkBase(services: Services, requestOrigin: string | null): string {
  const base = services.config.publicUrl ?? (services.config.dev ? requestOrigin : null);
  if (!base)
    throw refuse(
      "notNow",
      "This server has no PUBLIC_URL, so it cannot mail links. Ask your operations team to set it.",
    );
  return base.replace(/\/$/, "");
}

export function portalUsersOf(services: Services) {
  const { db, portal: policy } = services;
  const store = applicationStore(services);

  const inPartner = async (tx: Db, staff: Staff, userId: string) => {
    const [row] = await tx
      .select()
      .from(portalUsers)
      .where(and(eq(portalUsers.id, userId), eq(portalUsers.partnerId, staff.partnerId)));
    if (!row) throw notFound();
    return row;
  };
  const notSelf = (staff: Staff, userId: string, what: string) => {
    if (staff.id === userId) throw refused(`You cannot ${what} yourself. Ask another administrator.`);
  };
  const otherActiveAdmins = async (tx: Db, staff: Staff, userId: string) =>
    (
      await tx
        .select({ id: portalUsers.id })
        .from(portalUsers)
        .where(
          and(
            eq(portalUsers.partnerId, staff.partnerId),
            eq(portalUsers.role, policy.adminRole),
            isNull(portalUsers.disabledAt),
            ne(portalUsers.id, userId),
          ),
        )
    ).length;
  const keepsAnAdmin = async (tx: Db, staff: Staff, target: UserRow) => {
    if (
      target.role === policy.adminRole &&
      !target.disabledAt &&
      (await otherActiveAdmins(tx, staff, target.id)) === 0
    )
      throw refused(
        "This is the last active administrator of your organisation. Make someone else an administrator first.",
      );
  };
  const unknownRole = () =>
    invalidAnswers([
      {
        pointer: "/role",
        message: `Choose one of the roles: ${[...policy.roles.values()].map((r) => r.label).join(", ")}.`,
      },
    ]);
  const audit = (tx: Db, staff: Staff, action: AuditAction, userId: string) =>
    store.audit(tx, {
      actorKind: "portal",
      actorId: staff.id,
      action,
      applicationId: null,
      changed: [`/portalUsers/${userId}`],
    });

  /**
   * Mails a set-password link in the words of content/mail/portal-invite.md or portal-reset.md,
   * filled from the lender profile (the lender's own name, never a partner record's); the link's
   * token is never logged.
   */
  const mailLink = async (
    to: string,
    purpose: TokenPurpose,
    token: string,
    base: string,
    partnerName: string,
    partnerId: string,
  ) => {
    const hours = Math.round((purpose === "invite" ? policy.inviteMs : policy.resetMs) / 3_600_000);
    const source = readDisclosure(purpose === "invite" ? "portal-invite" : "portal-reset", MAIL_DIR);
    if (!source) throw new Error(`content/mail/portal-${purpose}.md is missing`);
    const values = {
      ...lenderTokens(readLenderProfile()),
      // A broker partner's staff are told whose staff they are; the lender's own are not.
      partnerLine: partnerId === HOUSE_PARTNER ? "" : `, as staff of ${partnerName}`,
      link: `${base}${ROUTES.portalSetPassword}?token=${token}`,
      hours: String(hours),
    };
    // The link proves the address (as a code does): sent as its proof, within the code budget.
    const outcome = await mailGate(services).send(
      to,
      { subject: fillTokens(source.title, values), text: fillTokens(source.body, values).trim() },
      { kind: `portal-${purpose}`, applicationId: null, proof: true },
    );
    if (outcome === "refused") throw new Error("the mail budget refused it");
  };
  const sendLink = async (user: UserRow, purpose: TokenPurpose, base: string, partnerName: string) => {
    const token = await issueToken(
      db,
      user.id,
      purpose,
      purpose === "invite" ? policy.inviteMs : policy.resetMs,
      services.now(),
    );
    try {
      await mailLink(user.email, purpose, token, base, partnerName, user.partnerId);
      return true;
    } catch {
      services.log.error({ purpose }, `portal: the ${purpose} mail could not be sent`);
      return false;
    }
  };

  return {
    async list(staff: Staff) {
      const rows = await db
        .select()
        .from(portalUsers)
        .where(eq(portalUsers.partnerId, staff.partnerId))
        .orderBy(asc(portalUsers.name), asc(portalUsers.id));
      return rows.map((u) => ({
        id: u.id,
        email: u.email,
        name: u.name,
        role: u.role,
        roleLabel: policy.roles.get(u.role)?.label ?? u.role,
        status: statusOf(u),
        createdAt: u.createdAt.toISOString(),
        isYou: u.id === staff.id,
      }));
    },

    async invite(
      staff: Staff,
      input: { email: string; name: string; role: string },
      base: string,
      partnerName: string,
    ) {
      if (!policy.roles.has(input.role)) throw unknownRole();
      const email = input.email.trim().toLowerCase();
      const user = await transaction(db, async (tx) => {
        const [holder] = await tx
          .select({ partnerId: portalUsers.partnerId })
          .from(portalUsers)
          .where(eq(portalUsers.email, email));
        // One of this partner's own users: the administrator sees them in their list anyway.
        if (holder?.partnerId === staff.partnerId)
          throw invalidAnswers([
            { pointer: "/email", message: "This person is already a user of your organisation." },
          ]);
        // Another partner's user: answered as any invite is, so the answer never tells whose
        // address it is; nothing is made and nothing is mailed.
        if (holder) return null;
        const row = {
          id: randomUUID(),
          email,
          name: input.name,
          role: input.role,
          partnerId: staff.partnerId,
          invitedBy: staff.id,
          passwordHash: null,
          disabledAt: null,
          createdAt: services.now(),
        };
        await tx.insert(portalUsers).values(row);
        await audit(tx, staff, auditAction("portal.user.invited", input.role), row.id);
        return row;
      });
      // The invite mail goes after the answer for every address, so its time says nothing either.
      if (user) services.later(async () => void (await sendLink(user, "invite", base, partnerName)));
      return { id: user?.id ?? randomUUID(), mailed: true };
    },

    async setRole(staff: Staff, userId: string, role: string) {
      if (!policy.roles.has(role)) throw unknownRole();
      notSelf(staff, userId, "change the role of");
      return transaction(db, async (tx) => {
        const target = await inPartner(tx, staff, userId);
        if (target.role === role) return { id: userId, role };
        if (role !== policy.adminRole) await keepsAnAdmin(tx, staff, target);
        await tx.update(portalUsers).set({ role }).where(eq(portalUsers.id, userId));
        await audit(tx, staff, auditAction("portal.user.role", `${target.role}->${role}`), userId);
        return { id: userId, role };
      });
    },

    async deactivate(staff: Staff, userId: string) {
      notSelf(staff, userId, "deactivate");
      await transaction(db, async (tx) => {
        const target = await inPartner(tx, staff, userId);
        if (target.disabledAt) return;
        await keepsAnAdmin(tx, staff, target);
        await tx.update(portalUsers).set({ disabledAt: services.now() }).where(eq(portalUsers.id, userId));
        await audit(tx, staff, auditAction("portal.user.deactivated"), userId);
      });
      // Their sessions end now, not at expiry.
      await services.auth.portal.sessions.invalidateAllOf(userId);
      return { id: userId, status: "deactivated" as const };
    },

    async reactivate(staff: Staff, userId: string) {
      return transaction(db, async (tx) => {
        const target = await inPartner(tx, staff, userId);
        if (target.disabledAt) {
          await tx.update(portalUsers).set({ disabledAt: null }).where(eq(portalUsers.id, userId));
          await audit(tx, staff, auditAction("portal.user.reactivated"), userId);
        }
        return { id: userId, status: statusOf({ ...target, disabledAt: null }) };
      });
    },

    /** Clears the password, ends the user's sessions and mails a link to set a new one (an invite again if they never set one). */
    async resetPassword(staff: Staff, userId: string, base: string, partnerName: string) {
      notSelf(staff, userId, "reset the password of");
      const target = await transaction(db, async (tx) => {
        const row = await inPartner(tx, staff, userId);
        if (row.disabledAt) throw refused("Reactivate this user before resetting their password.");
        await tx.update(portalUsers).set({ passwordHash: null }).where(eq(portalUsers.id, userId));
        // Someone who never set a password is sent the invite again, and the trail says so.
        await audit(
          tx,
          staff,
          auditAction(row.passwordHash ? "portal.user.passwordReset" : "portal.user.inviteResent"),
          userId,
        );
        return row;
      });
      await services.auth.portal.sessions.invalidateAllOf(userId);
      const purpose: TokenPurpose = target.passwordHash ? "reset" : "invite";
      return { id: userId, mailed: await sendLink(target, purpose, base, partnerName) };
    },
  };
}
