// Every route of spec §2, each group in its own lazily loaded chunk: the home page never loads the
// form engine, RJSF, ajv, the login forms or the portal.
import { childPath, CONTENT_PAGES, ROUTES } from "@engine/base/routes";
import { lazy, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router-dom";
import { AppIndexRedirect } from "../shell/AppIndexRedirect";
import { Layout } from "../shell/Layout";
import { NotFoundPage } from "../shell/NotFoundPage";
import { PageLoading } from "../shell/PageLoading";
import { loadFunnelPage } from "./chunks";

// Public pages: home, insights, legal and help content, ineligible explanations.
const HomePage = lazy(() => import("../pages/public/HomePage"));
const PageProviders = lazy(() => import("./PageProviders"));
const InsightsPage = lazy(() => import("../pages/public/InsightsPage"));
const InsightPostPage = lazy(() => import("../pages/public/InsightPostPage"));
const ContentPage = lazy(() => import("../pages/public/ContentPage"));
const IneligiblePage = lazy(() => import("../pages/public/IneligiblePage"));
const RightToCancelPage = lazy(() => import("../pages/public/RightToCancelPage"));
const LoanStatusPage = lazy(() => import("../pages/public/LoanStatusPage"));
// The funnel: every /app and /prequal page a step definition can live on.
const FunnelPage = lazy(loadFunnelPage);
// Sign-in forms, applicant and portal.
const ApplicantLoginPage = lazy(() => import("../pages/auth/ApplicantLoginPage"));
const PortalLoginPage = lazy(() => import("../pages/auth/PortalLoginPage"));
const SetPasswordPage = lazy(() => import("../pages/auth/SetPasswordPage"));
const JoinPage = lazy(() => import("../pages/auth/JoinPage"));
const AuthErrorPage = lazy(() => import("../pages/auth/AuthErrorPage"));
// The partner portal, in its own frame (no consumer header and footer).
const PortalLayout = lazy(() => import("../pages/portal/PortalLayout"));
const PipelinePage = lazy(() => import("../pages/portal/PipelinePage"));
const ApplicationPage = lazy(() => import("../pages/portal/ApplicationPage"));
const IdentityReviewsPage = lazy(() => import("../pages/portal/IdentityReviewsPage"));
const ManageUsersPage = lazy(() => import("../pages/portal/ManageUsersPage"));
const PortalFunnelMapPage = lazy(() => import("../pages/portal/FunnelMapPage"));
const PortalTranslationsPage = lazy(() => import("../pages/portal/TranslationsPage"));
const DefinitionsImpactPage = lazy(() => import("../pages/portal/DefinitionsImpactPage"));
const AnalyticsPage = lazy(() => import("../pages/portal/AnalyticsPage"));
const MessagingPage = lazy(() => import("../pages/portal/MessagingPage"));
const NoticesPage = lazy(() => import("../pages/portal/NoticesPage"));
const LosCredentialsPage = lazy(() => import("../pages/portal/LosCredentialsPage"));
// Development tools (their API exists only outside production): live step preview, funnel map.
const StepPreviewPage = lazy(() => import("../pages/dev/StepPreviewPage"));
const FunnelMapPage = lazy(() => import("../pages/dev/FunnelMapPage"));

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path={ROUTES.portal}
        element={
          <Suspense fallback={<PageLoading />}>
            <PortalLayout />
          </Suspense>
        }
      >
        <Route element={<PageProviders />}>
          <Route index element={<PipelinePage />} />
          <Route path={childPath(ROUTES.portalSignIn, ROUTES.portal)} element={<PortalLoginPage />} />
          <Route path={childPath(ROUTES.portalSignInError, ROUTES.portal)} element={<AuthErrorPage />} />
          <Route path={childPath(ROUTES.portalSetPassword, ROUTES.portal)} element={<SetPasswordPage />} />
          {/* The list is the portal's home: its address without an id leads there. */}
          <Route
            path={childPath(ROUTES.portalApplications, ROUTES.portal)}
            element={<Navigate to={ROUTES.portal} replace />}
          />
          <Route
            path={`${childPath(ROUTES.portalApplications, ROUTES.portal)}/:id`}
            element={<ApplicationPage />}
          />
          <Route
            path={childPath(ROUTES.portalIdentityReviews, ROUTES.portal)}
            element={<IdentityReviewsPage />}
          />
          <Route path={childPath(ROUTES.portalManageUsers, ROUTES.portal)} element={<ManageUsersPage />} />
          <Route path={childPath(ROUTES.portalFunnelMap, ROUTES.portal)} element={<PortalFunnelMapPage />} />
          <Route
            path={childPath(ROUTES.portalTranslations, ROUTES.portal)}
            element={<PortalTranslationsPage />}
          />
          <Route
            path={childPath(ROUTES.portalDefinitionsImpact, ROUTES.portal)}
            element={<DefinitionsImpactPage />}
          />
          <Route path={childPath(ROUTES.portalAnalytics, ROUTES.portal)} element={<AnalyticsPage />} />
          <Route path={childPath(ROUTES.portalMessaging, ROUTES.portal)} element={<MessagingPage />} />
          <Route path={childPath(ROUTES.portalNotices, ROUTES.portal)} element={<NoticesPage />} />
          <Route
            path={childPath(ROUTES.portalLosCredentials, ROUTES.portal)}
            element={<LosCredentialsPage />}
          />
          <Route path="*" element={<NotFoundPage portal />} />
        </Route>
      </Route>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        {/* Every page but home renders inside the Fluent theme and the query client. */}
        <Route element={<PageProviders />}>
          <Route path={childPath(ROUTES.insights, "")} element={<InsightsPage />} />
          <Route path={childPath(ROUTES.insightPost, "")} element={<InsightPostPage />} />
          {CONTENT_PAGES.map((name) => (
            <Route key={name} path={name} element={<ContentPage name={name} />} />
          ))}

          <Route path="app">
            <Route index element={<AppIndexRedirect />} />
            <Route path={childPath(ROUTES.applicantSignIn, "/app")} element={<ApplicantLoginPage />} />
            <Route path={childPath(ROUTES.applicantSignInError, "/app")} element={<AuthErrorPage />} />
            <Route path={childPath(ROUTES.join, "/app")} element={<JoinPage />} />
            <Route path={`${childPath(ROUTES.ineligible, "/app")}/:reason`} element={<IneligiblePage />} />
            <Route path={childPath(ROUTES.rightToCancel, "/app")} element={<RightToCancelPage />} />
            <Route path={childPath(ROUTES.loanStatus, "/app")} element={<LoanStatusPage />} />
            <Route path="initial-setup/:slug" element={<FunnelPage />} />
            <Route path="application/:slug" element={<FunnelPage />} />
            <Route path={childPath(ROUTES.upload, "/app")} element={<FunnelPage />} />
            <Route path={childPath(ROUTES.bankStatement, "/app")} element={<FunnelPage />} />
          </Route>
          <Route path="prequal/:slug" element={<FunnelPage />} />

          <Route path="dev">
            <Route path="steps" element={<StepPreviewPage />} />
            <Route path="steps/:id" element={<StepPreviewPage />} />
            <Route path="funnel" element={<FunnelMapPage />} />
          </Route>
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
