// A loan taken through the portal to closing and the account opening, as staff and both borrowers
// would (each borrower in their own session): submitted, reviewed, approved with the offer's
// terms, each owner's answer about the home, cleared to close, the package sent, signed and
// notarized. Tests of the right to cancel, the draw and funding start from here.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { REPO_ROOT } from "@engine/base/paths";
import { hashPassword } from "@server/features/auth/passwords";
import { dateIn } from "@server/features/esign/rescission";
import { homeTimeZone } from "@server/features/esign/right-to-cancel";
import { users } from "@server/persistence/db/schema";
import {
  joinedMember,
  makeApplicant,
  makePortalUser,
  signInApplicant,
  signInPortal,
  TWO_BORROWERS,
} from "./accounts";

export { TWO_BORROWERS };
import { browser, type Browser, type TestServer } from "./server";

export interface LoanSetup {
  /** The home's use as the borrower gave it in the funnel. */
  usage?: string;
  /** The home's state (its time zone and security instrument). */
  state?: string;
  titleHolders?: unknown;
  /** Each owner's own answer: borrower, coborrower, owner-<n>. */
  occupancy?: Record<string, boolean>;
  /** A home owned free and clear: the line takes first lien (the valuation copies of 1002.14(a)(1) then hold the opening). */
  freeAndClear?: boolean;
  /** Whether each borrower consented to electronic records (their notices are e-delivered). */
  consents?: { borrower?: boolean; coborrower?: boolean };
}

export const TITLE_WITH_ROSA = {
  borrowerOnTitle: true,
  coborrowerOnTitle: true,
  otherOwners: [
    { name: "Rosa Alvarez", livesInHome: true },
    { name: "Tom Alvarez", livesInHome: false },
  ],
};

export interface Loan {
  applicationId: string;
  /** The borrower's (the account owner's) user id. */
  userId: string;
  email: string;
  coEmail: string;
  /** Each borrower's password, to sign in again (a test that moves the clock past a session's life). */
  passwords: { borrower: string; coborrower: string };
  borrower: Browser;
  coborrower: Browser;
  staff: Browser;
  staffId: string;
}

const PASSWORD = "correct horse battery";

// One administrator per test server works every loan (sign-ins are rate limited per address).
const admins = new WeakMap<TestServer, Promise<{ b: Browser; id: string }>>();
function staffBrowser(server: TestServer) {
  let admin = admins.get(server);
  if (!admin) {
    admin = (async () => {
      const person = await makePortalUser(server.services, { role: "admin" });
      const b = browser(server.url);
      await signInPortal(server, b, person);
      return { b, id: person.id };
    })();
    admins.set(server, admin);
  }
  return admin;
}

/** A submitted two-borrower application: both borrowers have their own account and are signed in. */
export async function submittedLoan(server: TestServer, setup: LoanSetup = {}): Promise<Loan> {
  const email = `${crypto.randomUUID()}@example.com`;
  const coEmail = `${crypto.randomUUID()}@example.com`;
  const doc = structuredClone(TWO_BORROWERS);
  const usage = setup.usage ?? "primaryResidence";
  doc.user.email = email;
  doc.coborrower.email = coEmail;
  doc.property.propertyUsage = usage;
  doc.setup.propertyUsage = usage;
  if (setup.state) doc.property.state = setup.state;
  doc.titleHolders = setup.titleHolders ?? TITLE_WITH_ROSA;
  if (setup.freeAndClear) {
    doc.mortgages = [];
    doc.setup.mortgageBalance = 0;
    doc.setup.mortgageEstimate = 0;
  }
  doc.disbursement = {
    drawAmount: 25000,
    bankAccount: {
      holderName: "Maria Alvarez",
      accountType: "checking",
      routingNumber: "021000021",
      accountNumber: "000123456789",
    },
  };
  const consent = { electronicCommunications: { accepted: true, acceptedAt: "2026-11-01T10:00:00.000Z" } };
  if (setup.consents?.borrower !== false) doc.consents = consent;
  if (setup.consents?.coborrower !== false) doc.coborrowerConsents = consent;
  const who = await makeApplicant(server.services, {
    email,
    status: "applicationSubmitted",
    doc,
    walked: true,
  });
  const coUser = await joinedMember(server.services, who.applicationId, "coborrower", coEmail);
  await server.services.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, coUser));
  const borrower = browser(server.url);
  await signInApplicant(borrower, email, who.password);
  const coborrower = browser(server.url);
  await signInApplicant(coborrower, coEmail, PASSWORD);
  const staff = await staffBrowser(server);
  return {
    applicationId: who.applicationId,
    userId: who.userId,
    email,
    coEmail,
    passwords: { borrower: who.password, coborrower: PASSWORD },
    borrower,
    coborrower,
    staff: staff.b,
    staffId: staff.id,
  };
}

export const move = (loan: Loan, transition: string, action?: Record<string, unknown>) =>
  loan.staff.trpc.portal.loan.move.mutate({ applicationId: loan.applicationId, transition, action });

/** Reviewed, approved with the offer's terms, each owner's answer given, cleared to close and sent for signing. */
export async function inClosing(server: TestServer, setup: LoanSetup = {}): Promise<Loan> {
  const loan = await submittedLoan(server, setup);
  await move(loan, "startReview");
  const file = await loan.staff.trpc.portal.loan.get.query({ applicationId: loan.applicationId });
  await move(loan, "approve", {
    terms: {
      lineAmount: file.offer!.lineAmount,
      apr: file.offer!.apr,
      margin: file.offer!.margin ?? 1.99,
      drawPeriodYears: 10,
      repaymentPeriodYears: 20,
    },
  });
  const occupancy = setup.occupancy ?? {
    borrower: true,
    coborrower: true,
    "owner-1": true,
    "owner-2": false,
  };
  for (const [key, principalDwelling] of Object.entries(occupancy)) {
    if (key === "borrower") await loan.borrower.trpc.loan.answerOccupancy.mutate({ principalDwelling });
    else if (key === "coborrower")
      await loan.coborrower.trpc.loan.answerOccupancy.mutate({ principalDwelling });
    else
      await loan.staff.trpc.portal.loan.recordOccupancy.mutate({
        applicationId: loan.applicationId,
        holder: key,
        principalDwelling,
      });
  }
  await move(loan, "clearToClose");
  await move(loan, "sendForSigning");
  return loan;
}

export const signBoth = async (loan: Loan) => {
  await loan.borrower.trpc.loan.signClosing.mutate({ typedName: "Maria Alvarez", agreed: true });
  await loan.coborrower.trpc.loan.signClosing.mutate({ typedName: "James Alvarez", agreed: true });
};

export const notarize = (loan: Loan, notarizedOn: string) =>
  loan.staff.trpc.portal.loan.recordNotarization.mutate({
    applicationId: loan.applicationId,
    notaryName: "Dana Notary",
    commission: "CA-2456789",
    commissionExpires: null,
    notarizedOn,
    place: "San Diego, CA",
  });

/** Today where the home is. */
export const homeToday = (server: TestServer, setup: LoanSetup = {}) =>
  dateIn(
    server.services.now(),
    homeTimeZone(server.services.defs, { property: { state: setup.state ?? TWO_BORROWERS.property.state } }),
  );

/** Signed by both borrowers and notarized: the account opens (the server takes the move). */
export async function openedLoan(server: TestServer, setup: LoanSetup = {}): Promise<Loan> {
  const loan = await inClosing(server, setup);
  await signBoth(loan);
  await notarize(loan, homeToday(server, setup));
  return loan;
}
