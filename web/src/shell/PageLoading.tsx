// What a page shows while its code or data loads.
import { Spinner } from "@fluentui/react-components";

export function PageLoading({ label = "Loading" }: { label?: string }) {
  return (
    <div className="page center-state">
      <Spinner label={label} labelPosition="below" />
    </div>
  );
}
