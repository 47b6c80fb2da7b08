// The guard rails of managing a partner's portal users: only users of one's own partner; nobody
// changes their own role or account state; the partner keeps at least one active administrator.
import { and, eq, isNull, ne } from "drizzle-orm";
import { refuse, invalidAnswers } from "@server/features/refusal";
import type { Db } from "@server/persistence/db/client";
import { portalUsers } from "@server/persistence/db/schema";
import type { PortalPolicy } from "./roles";
import type { Staff } from "./staff";

export type UserRow = typeof portalUsers.$inferSelect;

const notFound = () => refuse("notFound", "There is no such user in your organisation.");
export const refused = (message: string) => refuse("forbidden", message);

/** The user, if they are one of the staff member's own partner; else "no such user". */
export async function inPartner(tx: Db, staff: Staff, userId: string): Promise<UserRow> {
  const [row] = await tx
    .select()
    .from(portalUsers)
    .where(and(eq(portalUsers.id, userId), eq(portalUsers.partnerId, staff.partnerId)));
  if (!row) throw notFound();
  return row;
}

export function notSelf(staff: Staff, userId: string, what: string) {
  if (staff.id === userId) throw refused(`You cannot ${what} yourself. Ask another administrator.`);
}

const otherActiveAdmins = async (tx: Db, policy: PortalPolicy, staff: Staff, userId: string) =>
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

/** Refuses to take away the partner's last active administrator. */
export async function keepsAnAdmin(tx: Db, policy: PortalPolicy, staff: Staff, target: UserRow) {
  if (
    target.role === policy.adminRole &&
    !target.disabledAt &&
    (await otherActiveAdmins(tx, policy, staff, target.id)) === 0
  )
    throw refused(
      "This is the last active administrator of your organisation. Make someone else an administrator first.",
    );
}

export const unknownRole = (policy: PortalPolicy) =>
  invalidAnswers([
    {
      pointer: "/role",
      message: `Choose one of the roles: ${[...policy.roles.values()].map((r) => r.label).join(", ")}.`,
    },
  ]);
