// Which applicant account an email belongs to, and when (docs/security.md, "Account
// pre-hijacking"). An email typed in the funnel is only a claim, kept in the application; the
// account's sign-in address (users.email) is set only once the address is proven: by a code
// mailed to it and entered in the same session as the account that claims it. So a guest who types
// someone else's address neither blocks that person nor captures them: the owner signs in to an
// account of their own (or starts one), never to the guest's application, and the guest's session
// never reads the owner's answers.
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { transaction } from "@server/persistence/db/client";
import { users } from "@server/persistence/db/schema";
import { memberStore } from "../members/store";
import { accountEmail } from "@engine/lending/borrowers";
import type { Services } from "@server/services";

const same = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b;

/**
 * The account of the session `sessionUserId`, when its own application claims `email` (in the
 * answer rules/account.json names) and the address is not proven by that account yet.
 */
export async function claimingAccount(
  services: Services,
  email: string,
  sessionUserId: string | null,
): Promise<string | null> {
  if (!sessionUserId) return null;
  const reader = await memberStore(services).readerOf(services.db, sessionUserId);
  if (!reader || reader.member) return null; // a co-borrower's address came with their invite, proven
  return same(accountEmail(services.defs, reader.app.doc), email) ? sessionUserId : null;
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
  return transaction(services.db, async (tx) => {
    const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (holder) return holder.id;
    if (!claimant) return null;
    await tx.update(users).set({ email, emailVerifiedAt: services.now() }).where(eq(users.id, claimant));
    return claimant;
  });
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
