// What every sign-in endpoint of one base (/api/authApplicant or /api/authPortal) works with:
// its session kind's sessions, cookies and CSRF token, its accounts and attempt limits, its pages.
import { ROUTES } from "@engine/base/routes";
import type { Services } from "@server/services";
import { accountsOf } from "../accounts";
import { signInAttempts } from "../attempts";
import type { SessionKind } from "../sessions";

export const SIGN_IN_PAGE: Record<SessionKind, string> = {
  applicant: ROUTES.applicantSignIn,
  portal: ROUTES.portalSignIn,
};
export const CODE_PAGE: Record<SessionKind, string> = {
  applicant: `${ROUTES.applicantSignIn}?step=code`,
  portal: `${ROUTES.portalSignIn}?step=code`,
};
/** The error page each base's GET /error sends a browser to, as NextAuth's /api/auth/error does. */
export const ERROR_PAGE: Record<SessionKind, string> = {
  applicant: ROUTES.applicantSignInError,
  portal: ROUTES.portalSignInError,
};

export type AuthBase = ReturnType<typeof authBaseOf>;

export function authBaseOf(services: Services, kind: SessionKind) {
  return {
    ...services.auth[kind],
    services,
    kind,
    accounts: accountsOf(kind, services),
    attempts: signInAttempts(services, kind),
    signInPage: SIGN_IN_PAGE[kind],
    path: kind === "portal" ? "/api/authPortal" : "/api/authApplicant",
    // Portal staff sign in with two factors: the password first, then a code mailed to them. Their
    // codes are issued only after a right password, so a code alone never opens a portal session.
    twoFactor: kind === "portal",
  };
}
