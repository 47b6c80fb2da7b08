// The portal's pages and the permission each needs (any one of them), as rules/portal-roles.json
// grants them: the navigation shows only what the signed-in user's role allows, and a page the
// role does not allow says so instead of asking the server. Pure.
import { ROUTES } from "@engine/base/routes";
import type { Permission } from "./portal-types";

export interface PortalPage {
  to: string;
  label: string;
  anyOf: Permission[];
  /** Paths under another prefix that belong to this page (an application belongs to the pipeline). */
  also?: string;
}

export const PIPELINE: Permission[] = ["applications.all", "applications.assigned"];

export const PORTAL_PAGES: PortalPage[] = [
  { to: ROUTES.portal, label: "Applications", anyOf: PIPELINE, also: `${ROUTES.portalApplications}/` },
  { to: ROUTES.portalIdentityReviews, label: "Identity reviews", anyOf: ["identity.review"] },
  { to: ROUTES.portalManageUsers, label: "Manage users", anyOf: ["users.manage"] },
  { to: ROUTES.portalFunnelMap, label: "Funnel map", anyOf: ["definitions.view"] },
  { to: ROUTES.portalTranslations, label: "Translations", anyOf: ["definitions.view"] },
  { to: ROUTES.portalDefinitionsImpact, label: "Definition changes", anyOf: ["definitions.impact"] },
  { to: ROUTES.portalAnalytics, label: "Funnel analytics", anyOf: ["analytics.view"] },
  { to: ROUTES.portalNotices, label: "Notices sent", anyOf: ["notices.view"] },
  { to: ROUTES.portalMessaging, label: "Texts and mail", anyOf: ["messaging.view"] },
  { to: ROUTES.portalLosCredentials, label: "LOS access", anyOf: ["los.credentials"] },
];

/** Whether permissions hold any of the needed ones; nothing needed is always allowed. */
export function allows(permissions: readonly string[], anyOf: readonly Permission[]): boolean {
  return anyOf.length === 0 || anyOf.some((p) => permissions.includes(p));
}

export function pagesFor(permissions: readonly string[]): PortalPage[] {
  return PORTAL_PAGES.filter((page) => allows(permissions, page.anyOf));
}

/** Whether the navigation marks this page as the current one. */
export function isCurrent(page: PortalPage, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, "") || "/";
  return (
    path === page.to ||
    (page.to !== "/portal" && path.startsWith(`${page.to}/`)) ||
    (!!page.also && path.startsWith(page.also))
  );
}
