// The site's own pages that are not funnel steps, in one table (a step's route is in its step file).
// The web's router, the server's links and mails, and every page that links to one read it here;
// a data file that names one (content/site.json, rules/session-guard.json) is checked against it.

export const ROUTES = {
  home: "/",
  insights: "/insights",
  /** One article of content/insights/: `?slug=<name>`. */
  insightPost: "/insight-blog",
  /** `/<reason>`: a page of content/ineligible/. */
  ineligible: "/app/ineligible",
  applicantSignIn: "/app/login",
  applicantSignInError: "/app/error",
  join: "/app/join",
  rightToCancel: "/app/right-to-cancel",
  loanStatus: "/app/loan",
  upload: "/app/upload",
  /** A page of the spec that no step of this funnel uses: the funnel page sends the applicant on. */
  bankStatement: "/app/bank-statement",
  portal: "/portal",
  portalSignIn: "/portal/login",
  portalSignInError: "/portal/error",
  portalSetPassword: "/portal/set-password",
  portalApplications: "/portal/applications",
  portalIdentityReviews: "/portal/identity-reviews",
  portalManageUsers: "/portal/manage-users",
  portalFunnelMap: "/portal/funnel-map",
  portalTranslations: "/portal/translations",
  portalDefinitionsImpact: "/portal/definitions-impact",
  portalAnalytics: "/portal/analytics",
  portalNotices: "/portal/notices",
  portalMessaging: "/portal/messaging",
  portalLosCredentials: "/portal/los-credentials",
} as const;

/** The public content pages, each at `/<name>` (content/pages/, or a disclosure of content/disclosures/). */
export const CONTENT_PAGES = ["faq", "privacy-statement", "license", "e-consent", "terms-of-use"] as const;

/** A route as its parent route's child path: childPath(ROUTES.applicantSignIn, "/app") → "login". */
export function childPath(route: string, parent: string): string {
  if (!route.startsWith(`${parent}/`)) throw new Error(`${route} is not under ${parent}`);
  return route.slice(parent.length + 1);
}
