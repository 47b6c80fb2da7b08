// Back and Next (Continue within a step in sections) under the step's fields.
import { formWord } from "@engine/locale/form-words";
import { Button, mergeClasses } from "@fluentui/react-components";
import type { RefObject } from "react";
import { chunk, loadChunk, withChunks } from "../fluent-chunks";
import { useStyles } from "../styles";

/** The Next button's sign of a save under way (its part is fetched at the first touch of the form, ../fluent-chunks.tsx). */
const SavingSpinner = withChunks(["spinner"], function SavingSpinner() {
  const { Spinner } = chunk("spinner");
  return <Spinner size="tiny" aria-label={formWord("form.saving")} />;
});
export const loadSpinner = () => void loadChunk("spinner").catch(() => undefined);

interface StepActionsProps {
  /** Back's handler as this render has it (RJSF may not re-render the buttons: ./use-submit.ts). */
  backRef: RefObject<(() => void) | undefined>;
  hasBack: boolean;
  readOnly: boolean;
  submitting: boolean;
  /** Continue to the next section rather than submit the step. */
  continues: boolean;
  submitLabel: string;
}

export function StepActions(props: StepActionsProps) {
  const { backRef, hasBack, readOnly, submitting, continues, submitLabel } = props;
  const styles = useStyles();
  return (
    <div className={mergeClasses(styles.actions, !hasBack && styles.actionsEnd)}>
      {hasBack ? (
        <Button
          type="button"
          appearance="secondary"
          className={mergeClasses(styles.button, styles.secondaryButton)}
          onClick={() => backRef.current?.()}
        >
          {formWord("form.back")}
        </Button>
      ) : null}
      {readOnly ? null : (
        <Button
          type="submit"
          appearance="primary"
          className={styles.button}
          disabledFocusable={submitting}
          icon={submitting ? <SavingSpinner /> : undefined}
          iconPosition="after"
          data-section-next={continues ? "true" : undefined}
          // A press must not blur the field being edited first: the blur's validation would
          // move the layout (an error appearing or leaving) and the click would miss the button.
          onMouseDown={(event) => event.preventDefault()}
        >
          {continues ? formWord("form.continue") : submitLabel}
        </Button>
      )}
    </div>
  );
}
