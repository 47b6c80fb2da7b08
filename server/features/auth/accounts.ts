// The two kinds of account behind the sign-in endpoints: applicants (users) and partner staff
// (portal_users). Each says how to find an account by email and what its session shows.
import { OWNER_ROLE } from "@engine/funnel/owner";
import { and, eq, isNull } from "drizzle-orm";
import { memberRole } from "@engine/funnel/members";
import { memberStore } from "../members/store";
import { readerFacts } from "../steps/journey";
import { portalUsers, users } from "@server/persistence/db/schema";
import { accountName } from "@engine/lending/borrowers";
import { recheckOnVisit } from "@server/features/steps/recheck";
import type { Services } from "@server/services";
import type { SessionKind } from "./sessions";

export interface Account {
  id: string;
  passwordHash: string | null;
}

export interface Accounts {
  byEmail(email: string): Promise<Account | null>;
  /** Marks the address as proven (a code sent to it came back). */
  verified(id: string): Promise<void>;
  /** What GET session shows besides `expires`; null when the account is gone or disabled. */
  sessionView(id: string): Promise<Record<string, unknown> | null>;
}

export function accountsOf(kind: SessionKind, services: Services): Accounts {
  const { db, defs } = services;
  if (kind === "portal")
    return {
      // A deactivated user cannot sign in at all.
      byEmail: async (email) =>
        (
          await db
            .select()
            .from(portalUsers)
            .where(and(eq(portalUsers.email, email), isNull(portalUsers.disabledAt)))
        )[0] ?? null,
      verified: async () => {},
      async sessionView(id) {
        const [u] = await db.select().from(portalUsers).where(eq(portalUsers.id, id));
        return u && !u.disabledAt ? { user: { id: u.id, email: u.email, name: u.name, role: u.role } } : null;
      },
    };
  return {
    byEmail: async (email) => (await db.select().from(users).where(eq(users.email, email)))[0] ?? null,
    verified: async (id) =>
      void (await db.update(users).set({ emailVerifiedAt: services.now() }).where(eq(users.id, id))),
    async sessionView(id) {
      const [u] = await db.select().from(users).where(eq(users.id, id));
      if (!u) return null;
      await recheckOnVisit(services, id); // before the status below sends them anywhere
      const reader = await memberStore(services).readerOf(db, id);
      const facts = reader ? readerFacts(services, reader) : null;
      const name = reader
        ? accountName(
            defs,
            reader.app.doc,
            reader.member ? memberRole(defs, reader.role).namePointers : undefined,
          )
        : null;
      // A returning applicant's session says where to go: the page for their status (a member's:
      // their next step), and as whom they read the application.
      return {
        // verified: the account proved its email (a code mailed to it came back); phoneVerified: it
        // holds a verified mobile number. Without either it is a guest's, on this browser only.
        user: {
          id: u.id,
          email: u.email,
          name,
          verified: u.emailVerifiedAt !== null,
          phoneVerified: u.phoneMac !== null,
        },
        applicationStatus: facts?.applicationStatus ?? null,
        applicationRoute: facts?.applicationRoute ?? null,
        role: facts?.role ?? null,
        owner: facts ? facts.role === OWNER_ROLE : false,
      };
    },
  };
}
