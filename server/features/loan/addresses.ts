// A borrower's proven address: their account's sign-in address, which is set only once proven by
// a code (server/features/auth/email-proof.ts). Mail about a loan goes nowhere else.
import { and, eq } from "drizzle-orm";
import { ownerRole } from "@engine/lending/borrowers";
import type { Db } from "@server/persistence/db/client";
import { applicationMembers, users } from "@server/persistence/db/schema";
import type { Services } from "@server/services";

/** The proven address of a borrower: their account's sign-in address (set only once proven by a code); null without an account. */
export async function provenAddress(
  db: Db,
  services: Pick<Services, "defs">,
  app: { id: string; ownerId: string },
  role: string,
) {
  return (await provenRecipient(db, services, app, role))?.email ?? null;
}

/** A borrower's proven address and the language their account chose (users.locale: their mails are in it); null without an account. */
export async function provenRecipient(
  db: Db,
  services: Pick<Services, "defs">,
  app: { id: string; ownerId: string },
  role: string,
): Promise<{ email: string; locale: string | null } | null> {
  const columns = { email: users.email, locale: users.locale };
  const [found] =
    role === ownerRole(services.defs)
      ? await db.select(columns).from(users).where(eq(users.id, app.ownerId))
      : await db
          .select(columns)
          .from(applicationMembers)
          .innerJoin(users, eq(users.id, applicationMembers.userId))
          .where(and(eq(applicationMembers.applicationId, app.id), eq(applicationMembers.role, role)));
  return found?.email ? { email: found.email, locale: found.locale ?? null } : null;
}
