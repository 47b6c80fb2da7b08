// Managing a partner's portal users: invite, change role, deactivate, reactivate, reset password.
// The guard rails (./user-guards.ts): only users of one's own partner; nobody changes their own
// role or account state; the partner keeps at least one active administrator. Every change is
// audited (ids and roles only, never an email or a name).
import { refuse, invalidAnswers } from "@server/features/refusal";
import { auditAction, type AuditAction } from "@engine/lending/audit-actions";
import { randomUUID } from "node:crypto";
import { asc, count, eq } from "drizzle-orm";
import { transaction, type Db } from "@server/persistence/db/client";
import { applications, portalUsers } from "@server/persistence/db/schema";
import type { Services } from "@server/services";
import { applicationStore } from "@server/persistence/store/applications";
import type { Staff } from "./staff";
import type { TokenPurpose } from "./tokens";
import { inPartner, keepsAnAdmin, notSelf, refused, unknownRole, type UserRow } from "./user-guards";
import { sendLink } from "./user-mail";

export type UserStatus = "active" | "invited" | "deactivated";
const statusOf = (u: UserRow): UserStatus =>
  u.disabledAt ? "deactivated" : u.passwordHash ? "active" : "invited";

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

/** The operations on a partner's users, for one staff member's requests. */
export function portalUsersOf(services: Services) {
  return {
    list: (staff: Staff) => listUsers(services, staff),
    invite: (staff: Staff, input: Invite, base: string, partnerName: string) =>
      inviteUser(services, staff, input, base, partnerName),
    setRole: (staff: Staff, userId: string, role: string) => setRole(services, staff, userId, role),
    /** Their loan originator profile (URLA section 9): NMLS ID and work phone, each cleared by null. */
    setOriginatorProfile: (staff: Staff, input: OriginatorProfile) =>
      setOriginatorProfile(services, staff, input),
    deactivate: (staff: Staff, userId: string) => deactivate(services, staff, userId),
    reactivate: (staff: Staff, userId: string) => reactivate(services, staff, userId),
    /** Clears the password, ends the user's sessions and mails a link to set a new one (an invite again if they never set one). */
    resetPassword: (staff: Staff, userId: string, base: string, partnerName: string) =>
      resetPassword(services, staff, userId, base, partnerName),
  };
}

type Invite = { email: string; name: string; role: string };
type OriginatorProfile = { userId: string; nmlsId: string | null; phone: string | null };

const audit = (services: Services, tx: Db, staff: Staff, action: AuditAction, userId: string) =>
  applicationStore(services).audit(tx, {
    actorKind: "portal",
    actorId: staff.id,
    action,
    applicationId: null,
    changed: [`/portalUsers/${userId}`],
  });

async function listUsers(services: Services, staff: Staff) {
  const policy = services.portal;
  const rows = await services.db
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
    nmlsId: u.nmlsId,
    phone: u.phone,
    createdAt: u.createdAt.toISOString(),
    isYou: u.id === staff.id,
  }));
}

async function inviteUser(
  services: Services,
  staff: Staff,
  input: Invite,
  base: string,
  partnerName: string,
) {
  if (!services.portal.roles.has(input.role)) throw unknownRole(services.portal);
  const email = input.email.trim().toLowerCase();
  const user = await transaction(services.db, async (tx) => {
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
      nmlsId: null,
      phone: null,
      createdAt: services.now(),
    };
    await tx.insert(portalUsers).values(row);
    await audit(services, tx, staff, auditAction("portal.user.invited", input.role), row.id);
    return row;
  });
  // The invite mail goes after the answer for every address, so its time says nothing either.
  if (user) services.later(async () => void (await sendLink(services, user, "invite", base, partnerName)));
  return { id: user?.id ?? randomUUID(), mailed: true };
}

async function setRole(services: Services, staff: Staff, userId: string, role: string) {
  const policy = services.portal;
  if (!policy.roles.has(role)) throw unknownRole(policy);
  notSelf(staff, userId, "change the role of");
  return transaction(services.db, async (tx) => {
    const target = await inPartner(tx, staff, userId);
    if (target.role === role) return { id: userId, role };
    if (role !== policy.adminRole) await keepsAnAdmin(tx, policy, staff, target);
    await tx.update(portalUsers).set({ role }).where(eq(portalUsers.id, userId));
    await audit(services, tx, staff, auditAction("portal.user.role", `${target.role}->${role}`), userId);
    return { id: userId, role };
  });
}

/**
 * Any user of one's own partner, oneself included: an administrator who originates loans sets their own.
 * The NMLS ID of a loan officer with files assigned is not cleared: each file names them with it
 * (./assignment.ts); their files go to another officer first.
 */
async function setOriginatorProfile(services: Services, staff: Staff, input: OriginatorProfile) {
  return transaction(services.db, async (tx) => {
    const target = await inPartner(tx, staff, input.userId);
    if (input.nmlsId === null && target.nmlsId) {
      const [{ files } = { files: 0 }] = await tx
        .select({ files: count() })
        .from(applications)
        .where(eq(applications.loanOfficerId, input.userId));
      if (files > 0)
        throw invalidAnswers([
          {
            pointer: "/nmlsId",
            message: `${target.name} is the loan officer of ${files === 1 ? "1 application" : `${files} applications`}, which name them with this NMLS ID: assign ${files === 1 ? "it" : "them"} to another loan officer before clearing it.`,
          },
        ]);
    }
    await tx
      .update(portalUsers)
      .set({ nmlsId: input.nmlsId, phone: input.phone })
      .where(eq(portalUsers.id, input.userId));
    await audit(services, tx, staff, auditAction("portal.user.originatorProfile"), input.userId);
    return { id: input.userId, nmlsId: input.nmlsId, phone: input.phone };
  });
}

async function deactivate(services: Services, staff: Staff, userId: string) {
  notSelf(staff, userId, "deactivate");
  await transaction(services.db, async (tx) => {
    const target = await inPartner(tx, staff, userId);
    if (target.disabledAt) return;
    await keepsAnAdmin(tx, services.portal, staff, target);
    await tx.update(portalUsers).set({ disabledAt: services.now() }).where(eq(portalUsers.id, userId));
    await audit(services, tx, staff, auditAction("portal.user.deactivated"), userId);
  });
  // Their sessions end now, not at expiry.
  await services.auth.portal.sessions.invalidateAllOf(userId);
  return { id: userId, status: "deactivated" as const };
}

async function reactivate(services: Services, staff: Staff, userId: string) {
  return transaction(services.db, async (tx) => {
    const target = await inPartner(tx, staff, userId);
    if (target.disabledAt) {
      await tx.update(portalUsers).set({ disabledAt: null }).where(eq(portalUsers.id, userId));
      await audit(services, tx, staff, auditAction("portal.user.reactivated"), userId);
    }
    return { id: userId, status: statusOf({ ...target, disabledAt: null }) };
  });
}

async function resetPassword(
  services: Services,
  staff: Staff,
  userId: string,
  base: string,
  partnerName: string,
) {
  notSelf(staff, userId, "reset the password of");
  const target = await transaction(services.db, async (tx) => {
    const row = await inPartner(tx, staff, userId);
    if (row.disabledAt) throw refused("Reactivate this user before resetting their password.");
    await tx.update(portalUsers).set({ passwordHash: null }).where(eq(portalUsers.id, userId));
    // Someone who never set a password is sent the invite again, and the trail says so.
    await audit(
      services,
      tx,
      staff,
      auditAction(row.passwordHash ? "portal.user.passwordReset" : "portal.user.inviteResent"),
      userId,
    );
    return row;
  });
  await services.auth.portal.sessions.invalidateAllOf(userId);
  const purpose: TokenPurpose = target.passwordHash ? "reset" : "invite";
  return { id: userId, mailed: await sendLink(services, target, purpose, base, partnerName) };
}
