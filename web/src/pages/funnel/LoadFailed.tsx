// A funnel page whose data did not load: say so and offer to try again.
import { Button } from "@fluentui/react-components";

export function LoadFailed({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="page page--narrow center-state" role="alert">
      <h1>This page did not load</h1>
      <p>{message}</p>
      <Button appearance="primary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
