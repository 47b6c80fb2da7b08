// A funnel page's heading before its code: the server writes the step's heading and
// lead into the page (server/transport/http/page-shell.ts), so they are its first paint; until the step is
// ready, every loading state of that page shows them in the same place (PageLoading), so the
// heading never leaves the screen and the form appears under it.
import { useLocation } from "react-router-dom";
import { bootSkeleton, type BootSkeleton } from "./boot-hint";

/** The server's heading when it is this page's. */
export function useBootSkeleton(): BootSkeleton | null {
  const { pathname } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const boot = bootSkeleton();
  return boot?.path === path ? boot : null;
}

/** The same markup as the server's (server/transport/http/page-shell.ts stepSkeleton), with the loading state where the form will be. */
export function StepSkeleton({ skeleton, children }: { skeleton: BootSkeleton; children: React.ReactNode }) {
  return (
    <div className="page funnel step-skeleton">
      <div className="funnel__progress step-skeleton__progress" />
      <div className="step-skeleton__body">
        {skeleton.title ? <h1 className="step-skeleton__title">{skeleton.title}</h1> : null}
        {skeleton.description ? <p className="step-skeleton__lead">{skeleton.description}</p> : null}
        {children}
      </div>
    </div>
  );
}
