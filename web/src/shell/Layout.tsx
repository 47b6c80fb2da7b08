// The frame of every page: skip link, header with the site navigation, the main landmark the
// routes render into, and the footer with the legal links. Moves focus to the main landmark on
// in-app navigation so screen-reader and keyboard users start at the new page's content.
import { Suspense, useEffect, useRef, type ReactNode } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router-dom";
import lender from "virtual:lender-profile";
import { word } from "@engine/locale/words";
import { siteText } from "@web/src/app/content-text";
import { AccountNav } from "./AccountNav";
import { LanguagePicker } from "./LanguagePicker";
import { ErrorBoundary } from "./ErrorBoundary";
import { Logo } from "./Logo";
import { PageLoading } from "./PageLoading";

/** Moves focus to the main landmark on in-app navigation (the portal's own frame uses it too). */
export function useFocusMainOnNavigation(main: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [pathname, main]);
}

export function Layout({ children }: { children?: ReactNode }) {
  const site = siteText();
  const main = useRef<HTMLElement>(null);
  useFocusMainOnNavigation(main);
  const { pathname } = useLocation();
  return (
    <>
      <a className="skip-link" href="#main">
        {word("frame.skipToMain")}
      </a>
      {/* Development data never passes for a lender's: a sample profile says so on every page. */}
      {lender.status === "production" ? null : (
        <p className="sample-lender" role="note">
          {site.sampleLenderBanner}
        </p>
      )}
      <header className="site-header">
        <div className="site-header__inner">
          <Link to="/" className="brand" aria-label={word("frame.homeLink", { site: site.name })}>
            <Logo />
            <span>{site.name}</span>
          </Link>
          <nav className="site-nav" aria-label={word("frame.mainNav")}>
            <ul>
              {site.nav.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to}>{item.label}</NavLink>
                </li>
              ))}
              <AccountNav />
            </ul>
          </nav>
          <LanguagePicker />
        </div>
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        {/* Keyed by path: an error on one page does not follow the user to the next. */}
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoading />}>{children ?? <Outlet />}</Suspense>
        </ErrorBoundary>
      </main>
      <footer className="site-footer">
        <div className="site-footer__inner">
          <nav aria-label={word("frame.legalNav")}>
            <ul>
              {site.footer.map((item) => (
                <li key={item.to}>
                  <Link to={item.to}>{item.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <p>{site.footerNote}</p>
          <p>
            © {new Date().getFullYear()} {lender.legalName}. NMLS ID {lender.nmlsId}.{" "}
            <a href="https://www.nmlsconsumeraccess.org/" target="_blank" rel="noopener noreferrer">
              NMLS Consumer Access<span className="visually-hidden">{word("frame.opensNewTab")}</span>
            </a>
          </p>
        </div>
      </footer>
    </>
  );
}
