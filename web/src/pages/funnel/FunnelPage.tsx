// Every /app and /prequal page that a step file can live on: load the definitions, run the
// guards, then show the step whose route is this page; a page no step is defined for (a spec route
// such as /app/bank-statement that this funnel does not use) sends the applicant where they are.
import { FluentProvider } from "@fluentui/react-components";
import { useLocation } from "react-router-dom";
import { AppIndexRedirect } from "@web/src/shell/AppIndexRedirect";
import { PageLoading } from "@web/src/shell/PageLoading";
import { funnelThemeOverShell, shellTheme } from "@web/src/shell/theme";
import { classifyApiError } from "./api-errors";
import { usePageDefinitions } from "./definitions";
import { LoadFailed } from "./LoadFailed";
import { StepScreen } from "./StepScreen";
import { stepForRoute } from "./step-routes";
import { useFunnelGuard } from "./use-funnel-guard";

const funnelTheme = { ...shellTheme, ...funnelThemeOverShell };

function FunnelContent() {
  const { pathname } = useLocation();
  const { defs, error, retry } = usePageDefinitions(pathname);
  const guard = useFunnelGuard(defs);
  if (error) return <LoadFailed message={classifyApiError(error).message} onRetry={retry} />;
  if (!defs || guard !== "pass") return <PageLoading />;
  const step = stepForRoute(defs, pathname);
  if (!step) return <AppIndexRedirect />;
  return <StepScreen key={step.id} defs={defs} step={step} />;
}

export default function FunnelPage() {
  return (
    <FluentProvider theme={funnelTheme} className="funnel-theme">
      <FunnelContent />
    </FluentProvider>
  );
}
