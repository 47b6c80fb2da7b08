// The portal's own frame, instead of the consumer site's: a skip link, a header naming the lender's
// partner portal (no consumer navigation, no applicant sign-in), the main landmark the portal pages
// render into (PortalFrame adds who is signed in and the portal navigation), and a one-line footer.
import { Suspense, useRef } from "react";
import { Link, Outlet, useLocation } from "react-router-dom";
import lender from "virtual:lender-profile";
import site from "@content/site.json";
import { ErrorBoundary } from "@web/src/shell/ErrorBoundary";
import { useFocusMainOnNavigation } from "@web/src/shell/Layout";
import { Logo } from "@web/src/shell/Logo";
import { PageLoading } from "@web/src/shell/PageLoading";

export default function PortalLayout() {
  const main = useRef<HTMLElement>(null);
  useFocusMainOnNavigation(main);
  const { pathname } = useLocation();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      {lender.status === "production" ? null : (
        <p className="sample-lender" role="note">
          {site.sampleLenderBanner}
        </p>
      )}
      <header className="site-header portal-header">
        <div className="site-header__inner">
          <Link to="/portal" className="brand" aria-label={`${site.name} partner portal, applications`}>
            <Logo />
            <span>{site.name}</span>
          </Link>
          <span className="portal-header__tag">Partner portal</span>
        </div>
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <footer className="portal-footer">
        <p>
          {lender.legalName}, NMLS ID {lender.nmlsId}. For the lender's staff and partners; applicants apply
          at <Link to="/">{site.name}</Link>.
        </p>
      </footer>
    </>
  );
}
