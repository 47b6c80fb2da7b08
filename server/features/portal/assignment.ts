// Who works an application: its loan officer, an active user of the partner in the assignee role
// (rules/portal-roles.json) with an NMLS ID on their loan originator profile. The SAFE Act has a
// loan originator registered (or licensed) with the NMLS, under a unique identifier, before they
// take an application (12 U.S.C. 5103; 12 CFR 1007.103, 1008.103), and that identifier is what the
// applicant is given (12 CFR 1007.105(b); URLA section 9): so an officer without one is refused at
// the assignment, naming it, and nothing is saved. Every assignment is audited.
import { and, asc, eq, isNull } from "drizzle-orm";
import { auditAction } from "@engine/lending/audit-actions";
import { transaction } from "@server/persistence/db/client";
import { portalUsers, applications } from "@server/persistence/db/schema";
import { applicationStore } from "@server/persistence/store/applications";
import { invalidAnswers } from "@server/features/refusal";
import type { Services } from "@server/services";
import type { Staff } from "./staff";

/** Why an officer without an NMLS ID cannot take a file: the profile form and the refusal say the same. */
export const NMLS_ID_REQUIRED =
  "A loan officer must be registered with the NMLS before taking an application (SAFE Act), and their NMLS ID is given to the applicants: set it on their loan originator profile (Manage users) first.";

/** The partner's active loan officers, with whether each can be assigned (an NMLS ID on file). */
export async function assigneesOf(services: Services, staff: Staff) {
  const rows = await services.db
    .select({ id: portalUsers.id, name: portalUsers.name, nmlsId: portalUsers.nmlsId })
    .from(portalUsers)
    .where(
      and(
        eq(portalUsers.partnerId, staff.partnerId),
        eq(portalUsers.role, services.portal.assigneeRole),
        isNull(portalUsers.disabledAt),
      ),
    )
    .orderBy(asc(portalUsers.name), asc(portalUsers.id));
  return rows.map((r) => ({ ...r, assignable: Boolean(r.nmlsId) }));
}

/** Assigns the application (one the staff member can see) to `officerId`, or unassigns it with null. */
export async function assignLoanOfficer(
  services: Services,
  staff: Staff,
  applicationId: string,
  officerId: string | null,
) {
  const { db, portal: policy } = services;
  if (officerId !== null) {
    const [officer] = await db
      .select()
      .from(portalUsers)
      .where(and(eq(portalUsers.id, officerId), eq(portalUsers.partnerId, staff.partnerId)));
    if (!officer || officer.disabledAt || officer.role !== policy.assigneeRole)
      throw invalidAnswers([
        { pointer: "/loanOfficerId", message: "Choose an active loan officer of your organisation." },
      ]);
    if (!officer.nmlsId)
      throw invalidAnswers([
        { pointer: "/loanOfficerId", message: `${officer.name} has no NMLS ID. ${NMLS_ID_REQUIRED}` },
      ]);
  }
  const store = applicationStore(services);
  await transaction(db, async (tx) => {
    await tx.update(applications).set({ loanOfficerId: officerId }).where(eq(applications.id, applicationId));
    await store.audit(tx, {
      actorKind: "portal",
      actorId: staff.id,
      action: auditAction(officerId ? "portal.application.assigned" : "portal.application.unassigned"),
      applicationId,
      changed: ["/loanOfficerId"],
    });
  });
  return { applicationId, loanOfficerId: officerId };
}
