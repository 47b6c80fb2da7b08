// Every mail the server sends goes through here (docs/security.md, "Mail"). A mail goes only to an
// address its owner proved: an applicant's account address (proven by a code it received), a
// co-borrower's (proven by the invite link they opened), a portal user's (proven by their invite
// link). The one exception is the mail that proves an address (a code, an invite link): it is
// sent as `proof` and carries no text an applicant typed. Every mail counts against the budgets of
// rules/messaging.json, per recipient and per application; one over them is not sent. Each is
// recorded in message_events (no address, no text).
import { and, eq, isNotNull } from "drizzle-orm";
import { OWNER_ROLE } from "@engine/funnel/members";
import type { Db } from "@server/persistence/db/client";
import { applicationMembers, applications, portalUsers, users } from "@server/persistence/db/schema";
import type { Mail } from "@server/platform/mail/mailer";
import type { Services } from "@server/services";
import { budgetsOf, spend } from "./budgets";
import { recordMessage } from "./events";

export type MailOutcome = "sent" | "refused";
/** A mail without its recipient (the gate is given the address apart). */
export type MailBody = Omit<Mail, "to">;

export interface MailAbout {
  /** What it is (a code, an offer, a notice...), for the portal's counts. */
  kind: string;
  /** The application it is about, counted against its budget; null for none (a portal invite). */
  applicationId: string | null;
  /**
   * The mail that proves the address it goes to (a code, an invite link): the one kind allowed to
   * an address nobody proved, and only under the tighter code budget. It must carry no text an
   * applicant typed.
   */
  proof?: boolean;
}

/**
 * Where mail about `application` may go for `borrower` (a borrower role: the owner's, or a member
 * role of rules/members.json): the address that borrower proved, or null when they have none yet
 * (a notice is then queued for paper, and an offer waits). Issue 35's notices read this too.
 */
export async function deliverableAddress(
  services: Pick<Services, "db">,
  application: { id: string; ownerId: string },
  borrower: string,
  db: Db = services.db,
): Promise<string | null> {
  if (borrower === OWNER_ROLE) {
    const [owner] = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, application.ownerId), isNotNull(users.emailVerifiedAt)));
    return owner?.email ?? null;
  }
  const [member] = await db
    .select({ email: applicationMembers.email })
    .from(applicationMembers)
    .where(
      and(
        eq(applicationMembers.applicationId, application.id),
        eq(applicationMembers.role, borrower),
        isNotNull(applicationMembers.acceptedAt),
      ),
    );
  return member?.email ?? null;
}

/** deliverableAddress for an application known by its id. */
export async function deliverableAddressById(
  services: Pick<Services, "db">,
  applicationId: string,
  borrower: string,
  db: Db = services.db,
): Promise<string | null> {
  const [app] = await db
    .select({ id: applications.id, ownerId: applications.ownerId })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return app ? deliverableAddress(services, app, borrower, db) : null;
}

/** Whether someone proved `address` is theirs: an applicant account, a joined member, a portal user. */
async function isProven(db: Db, address: string): Promise<boolean> {
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, address), isNotNull(users.emailVerifiedAt)));
  if (account) return true;
  const [member] = await db
    .select({ id: applicationMembers.id })
    .from(applicationMembers)
    .where(and(eq(applicationMembers.email, address), isNotNull(applicationMembers.acceptedAt)));
  if (member) return true;
  const [staff] = await db
    .select({ id: portalUsers.id })
    .from(portalUsers)
    .where(and(eq(portalUsers.email, address), isNotNull(portalUsers.passwordHash)));
  return !!staff;
}

export function mailGate(services: Services) {
  return {
    /**
     * Sends the mail when its address is proven (or the mail is its proof) and every budget holds;
     * otherwise records the refusal and sends nothing. `mail` may be a function that makes it
     * once the checks have passed (a code is issued only when it will be mailed: a new code
     * retires the one mailed before). A transport failure is recorded and thrown.
     */
    async send(
      to: string,
      mail: MailBody | (() => Promise<MailBody>),
      about: MailAbout,
    ): Promise<MailOutcome> {
      to = to.trim().toLowerCase();
      const refuse = async (reason: string) => {
        await recordMessage(services, { channel: "mail", outcome: "refused", kind: about.kind, reason });
        return "refused" as const;
      };
      if (!about.proof && !(await isProven(services.db, to))) return refuse("unproven");
      const budgets = budgetsOf(services).mail;
      if (about.proof && !(await spend(services, "mail.codes", budgets.codesPerRecipient, to)).ok)
        return refuse("codesPerRecipient");
      if (!(await spend(services, "mail.recipient", budgets.perRecipient, to)).ok)
        return refuse("perRecipient");
      if (
        about.applicationId &&
        !(await spend(services, "mail.application", budgets.perApplication, about.applicationId)).ok
      )
        return refuse("perApplication");
      try {
        await services.mailer.send({ ...(typeof mail === "function" ? await mail() : mail), to });
      } catch (error) {
        await recordMessage(services, { channel: "mail", outcome: "failed", kind: about.kind });
        throw error;
      }
      await recordMessage(services, { channel: "mail", outcome: "sent", kind: about.kind });
      return "sent";
    },
  };
}
