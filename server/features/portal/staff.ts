// The signed-in portal user as every portal procedure sees them: read fresh on each request, so a
// deactivation or a role change takes effect at once.
import { eq } from "drizzle-orm";
import { borrowerRoles } from "@engine/lending/borrowers";
import { roleLabel } from "@engine/funnel/members";
import { partners, portalUsers } from "@server/persistence/db/schema";
import type { Services } from "@server/services";
import { can, type Permission } from "./roles";

export interface Staff {
  id: string;
  email: string;
  name: string;
  role: string;
  partnerId: string;
  can(permission: Permission): boolean;
}

/** The active portal user with this id; null when they are unknown or deactivated. */
export async function activeStaff(services: Services, userId: string): Promise<Staff | null> {
  const [row] = await services.db.select().from(portalUsers).where(eq(portalUsers.id, userId));
  if (!row || row.disabledAt) return null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    partnerId: row.partnerId,
    can: (p) => can(services.portal, row.role, p),
  };
}

/** What the portal shows of its user: who they are, their role and what it allows, and the borrowers' role names (rules/members.json). */
export async function staffView(services: Services, staff: Staff) {
  const role = services.portal.roles.get(staff.role);
  const [partner] = await services.db
    .select({ name: partners.name })
    .from(partners)
    .where(eq(partners.id, staff.partnerId));
  return {
    id: staff.id,
    email: staff.email,
    name: staff.name,
    role: staff.role,
    roleLabel: role?.label ?? staff.role,
    permissions: role?.permissions ?? [],
    partner: { id: staff.partnerId, name: partner?.name ?? staff.partnerId },
    borrowerLabels: Object.fromEntries(
      borrowerRoles(services.defs).map((r) => [r, roleLabel(services.defs, r)]),
    ) as Record<string, string>,
  };
}
