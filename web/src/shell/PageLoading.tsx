// What a page shows while its code or data loads. A CSS spinner in the look of Fluent's: it shows
// before any Fluent code has loaded (the first paint of every page). On a funnel page whose
// heading the server wrote, the heading stays, with the spinner where the form will be.
import { word } from "@engine/locale/words";
import { StepSkeleton, useBootSkeleton } from "./boot-skeleton";

function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner" role="progressbar" aria-label={label}>
      <span className="spinner__ring" aria-hidden="true" />
      <span className="spinner__label" aria-hidden="true">
        {label}
      </span>
    </div>
  );
}

export function PageLoading({ label = word("frame.loading") }: { label?: string }) {
  const skeleton = useBootSkeleton();
  if (skeleton)
    return (
      <StepSkeleton skeleton={skeleton}>
        <Spinner label={label} />
      </StepSkeleton>
    );
  return (
    <div className="page center-state">
      <Spinner label={label} />
    </div>
  );
}
