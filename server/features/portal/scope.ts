// Which applications a portal user may see: their own partner's, all of them with
// applications.all, only those assigned to them with applications.assigned, none otherwise.
import { and, eq, sql, type SQL } from "drizzle-orm";
import { applications } from "@server/persistence/db/schema";
import type { Services } from "@server/services";
import type { Staff } from "./staff";

export function visibleTo(staff: Staff): SQL {
  const ofPartner = eq(applications.partnerId, staff.partnerId);
  if (staff.can("applications.all")) return ofPartner;
  if (staff.can("applications.assigned")) return and(ofPartner, eq(applications.loanOfficerId, staff.id))!;
  return sql`1 = 0`;
}

/** The application's row when the user may see it; null for "not found" (another partner's ids are not confirmed). */
export async function visibleApplication(services: Services, staff: Staff, applicationId: string) {
  const [row] = await services.db
    .select()
    .from(applications)
    .where(and(eq(applications.id, applicationId), visibleTo(staff)));
  return row ?? null;
}
