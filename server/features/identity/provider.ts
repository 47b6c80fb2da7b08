// Identity verification behind a provider interface. A case is one borrower's photo ID: the ID
// type and the uploads of its sides (front, and back when the sides rule asks for it). The
// provider decides, or queues the case for a person to decide, and says which.
import type { BorrowerRole } from "@engine/lending/borrowers";

export type IdentityStatus = "pending" | "approved" | "rejected";

export interface IdentityCase {
  applicationId: string;
  borrower: BorrowerRole;
  /** The ID document subtype (driver_license, passport, ...). */
  idType: string;
  /** The uploads of the ID's sides, in the order the sides rule lists them. */
  uploads: { id: string; side: string; storageKey: string; contentType: string }[];
}

export interface IdentityProvider {
  /** Recorded with every review ("manual-review", a vendor's name). */
  readonly name: string;
  /** Starts verifying a case. "pending" means someone (or something) decides later. */
  start(identityCase: IdentityCase): Promise<{ status: IdentityStatus; reason?: string }>;
}
