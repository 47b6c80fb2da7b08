// Which applicant account an email belongs to, and when (docs/security.md, "Account
// pre-hijacking"). An email typed in the funnel is only a claim, kept in the application; the
// account's sign-in address (users.email) is set only once the address is proven: by a code
// mailed to it and entered in the same session as the account that claims it. So a guest who types
// someone else's address neither blocks that person nor captures them: the owner signs in to an
// account of their own (or starts one), never to the guest's application, and the guest's session
// never reads the owner's answers.
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { transaction, type Db } from "@server/persistence/db/client";
import { applicantSessions, users } from "@server/persistence/db/schema";
import { applicationStore } from "@server/persistence/store/applications";
import { recheckOnVisit } from "@server/features/steps/recheck";
import { auditAction } from "@engine/lending/audit-actions";
import { memberStore } from "../members/store";
import { OWNER_ROLE } from "@engine/funnel/members";
import { mailGate } from "../messaging/mail";
import { readerFacts } from "../steps/journey";
import type { CookieIO } from "./cookies";
import { accountEmail } from "@engine/lending/borrowers";
import type { Services } from "@server/services";
import { serverWordIn } from "@engine/locale/server-words";
import { mailWords } from "../locale/locale";

const same = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b;

/**
 * The account of the session `sessionUserId`, when its own application claims `email` (in the
 * answer rules/account.json names) and the address is not proven by that account yet. `read`: the
 * reader as the caller has just read it outside a transaction (a save's check, ../steps/submit/
 * check.ts: their role, and the application's document as stored), not read again.
 */
export async function claimingAccount(
  services: Services,
  email: string,
  sessionUserId: string | null,
  read?: { role: string; doc: Record<string, unknown> } | null,
): Promise<string | null> {
  if (!sessionUserId) return null;
  if (read === undefined) {
    const reader = await memberStore(services).readerOf(services.db, sessionUserId);
    read = reader && { role: reader.role, doc: reader.app.doc };
  }
  if (!read || read.role !== OWNER_ROLE) return null; // a co-borrower's address came with their invite, proven
  return same(accountEmail(services.defs, read.doc), email) ? sessionUserId : null;
}

/** Whether a sign-in code for `email` is worth sending: an account has proven it, or this session's account claims it. */
export async function codeWanted(
  services: Services,
  email: string,
  sessionUserId: string | null,
): Promise<boolean> {
  const [holder] = await services.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return !!holder || (await claimingAccount(services, email, sessionUserId)) !== null;
}

/**
 * The account a right code for `email` signs in to: the one that proved the address before;
 * else the account of this session, which claims it and now proves it (its users.email is set);
 * else none (a code never starts an account, nor opens a stranger's claim).
 */
export async function accountProvenBy(
  services: Services,
  email: string,
  sessionUserId: string | null,
): Promise<string | null> {
  const claimant = await claimingAccount(services, email, sessionUserId);
  return transaction(services.db, (tx) => provenIn(tx, services, email, claimant));
}

/**
 * accountProvenBy's writing part, in the caller's transaction: `claimant` is what
 * claimingAccount said before it (a read of the session's application, outside the transaction).
 */
export async function provenIn(
  tx: Db,
  services: Services,
  email: string,
  claimant: string | null,
): Promise<string | null> {
  const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (holder) return holder.id;
  if (!claimant) return null;
  await tx.update(users).set({ email, emailVerifiedAt: services.now() }).where(eq(users.id, claimant));
  return claimant;
}

/**
 * Before addresses needed proof, typing one in the funnel gave it to the account at once. On
 * start, such addresses (never proven by a code, no password set) are taken back from the accounts
 * that only claimed them: each stays in its application as a claim, to be proven in that account's
 * session. Returns how many accounts it changed.
 */
export async function releaseUnprovenAddresses(services: Services): Promise<number> {
  const unproven = and(isNotNull(users.email), isNull(users.emailVerifiedAt), isNull(users.passwordHash));
  const rows = await services.db.select({ id: users.id }).from(users).where(unproven);
  if (rows.length) await services.db.update(users).set({ email: null }).where(unproven);
  return rows.length;
}

/** At most one code mail per address in this time; a request meanwhile mails nothing (the newest code mailed stays good). */
export const CODE_RESEND_MS = 60_000;

/**
 * The code the email step mails (after its answer, so the answer is the same, in the same time,
 * for any address): to a new address, the code that proves it; to an address an account has
 * proven, a code that signs its owner in to that account instead of starting a second one. Both
 * carry no text anyone typed. Mailed through the gate as the address's proof, within its budgets.
 */
export async function mailEmailCode(
  services: Services,
  email: string,
  request: { sessionUserId: string; applicationId: string; language?: string },
): Promise<void> {
  const words = mailWords(services, request.language);
  const [holder] = await services.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (holder?.id === request.sessionUserId) return; // already theirs
  if (await services.codes.issuedWithin("applicant", email, CODE_RESEND_MS)) return;
  await mailGate(services).send(
    email,
    async () => {
      const code = await services.codes.issue("applicant", email);
      const mail = holder ? "mail.knownAddress" : "mail.emailProof";
      return {
        subject: serverWordIn(words, `${mail}.subject`),
        text: serverWordIn(words, `${mail}.text`, { code }),
      };
    },
    { kind: holder ? "sign-in-code" : "email-proof-code", applicationId: request.applicationId, proof: true },
  );
}

/**
 * A right code from the email step for an address another account proved: this browser signs in
 * to that account (a fresh session) and leaves the guest's. The guest's own application, a name
 * and the address, is discarded when nothing else can reach it (no proven address, no password).
 * Returns where the owner goes: the page of their application's status. `first`: work of the
 * caller's for the same transaction (the code spent), run before the sign-in, which it may refuse.
 */
export async function signInToProvenAccount(
  services: Services,
  cookies: CookieIO,
  guestId: string,
  accountId: string,
  first?: (tx: Db) => Promise<void>,
): Promise<{ route: string; applicationStatus: string }> {
  const { sessions, jar } = services.auth.applicant;
  const { token, session } = await transaction(services.db, async (tx) => {
    await first?.(tx);
    const [guest] = await tx
      .select({ email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, guestId));
    await applicationStore(services).audit(tx, {
      actorKind: "applicant",
      actorId: accountId,
      action: auditAction("account.signedInByEmailStep"),
      applicationId: null,
      changed: [],
    });
    if (guest && !guest.email && !guest.passwordHash) await tx.delete(users).where(eq(users.id, guestId));
    else await tx.delete(applicantSessions).where(eq(applicantSessions.userId, guestId));
    return sessions.create(accountId, tx);
  });
  jar.set(cookies, "session", token, session.expiresAt);
  await recheckOnVisit(services, accountId);
  const reader = await memberStore(services).readerOf(services.db, accountId);
  const facts = reader ? readerFacts(services, reader) : null;
  return { route: facts?.applicationRoute ?? "/app", applicationStatus: facts?.applicationStatus ?? "" };
}
