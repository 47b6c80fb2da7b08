// The loan originator information of a file (URLA section 9; the SAFE Act's unique identifier,
// 12 CFR 1007.105(b)): the company (the lender profile's name, NMLS ID and address) and the
// individual loan officer assigned to the file, with the NMLS ID and work phone of their loan
// originator profile (set in the portal under users.originatorProfile). The applicant's summary,
// the portal's file and the MISMO export read this one answer.
import { and, eq, isNull } from "drizzle-orm";
import { oneLineAddress } from "@engine/lending/lender";
import { readLenderProfile } from "@engine/lending/lender-file";
import { applications, portalUsers } from "@server/persistence/db/schema";
import type { Services } from "@server/services";

export interface LoanOfficer {
  name: string;
  /** Null until their profile states it: the file then says the officer's NMLS ID is not on file. */
  nmlsId: string | null;
  email: string;
  phone: string | null;
}

export interface LoanOriginator {
  company: { name: string; nmlsId: string; address: string };
  /** The active loan officer assigned to the file; null when none is. */
  loanOfficer: LoanOfficer | null;
}

/** The assigned loan officer of an application: a deactivated one no longer speaks for the file. */
export async function assignedLoanOfficer(
  services: Services,
  applicationId: string,
): Promise<LoanOfficer | null> {
  const [row] = await services.db
    .select({
      name: portalUsers.name,
      nmlsId: portalUsers.nmlsId,
      email: portalUsers.email,
      phone: portalUsers.phone,
    })
    .from(applications)
    .innerJoin(portalUsers, eq(portalUsers.id, applications.loanOfficerId))
    .where(and(eq(applications.id, applicationId), isNull(portalUsers.disabledAt)));
  return row ?? null;
}

export async function originatorOf(services: Services, applicationId: string): Promise<LoanOriginator> {
  const lender = readLenderProfile();
  return {
    company: { name: lender.legalName, nmlsId: lender.nmlsId, address: oneLineAddress(lender.address) },
    loanOfficer: await assignedLoanOfficer(services, applicationId),
  };
}
