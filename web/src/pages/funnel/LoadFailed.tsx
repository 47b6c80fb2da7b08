// A funnel page whose data did not load: say so and offer to try again.
import { formWord } from "@engine/locale/form-words";
import { word } from "@engine/locale/words";
import { Button } from "@fluentui/react-components";

export function LoadFailed({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="page page--narrow center-state" role="alert">
      <h1>{word("page.didNotLoad")}</h1>
      <p>{message}</p>
      <Button appearance="primary" onClick={onRetry}>
        {formWord("page.tryAgain")}
      </Button>
    </div>
  );
}
