// "Text me a new code": saves again, as it is, the earlier step whose effect sent something (the
// phone page, which texts a code), so the applicant need not go back for it. All from the step's
// `ui:options`: `step` (the step saved again), `fields` (the pointers of its answers, taken from
// the saved application), `label` (the button), `sent` (what the page says once it is done).
import { Button } from "@fluentui/react-components";
import { useMutation } from "@tanstack/react-query";
import type { DisplayProps } from "@engine/react/StepForm";
import { getAt, setAt } from "@engine/base/pointer";
import { displayWord } from "@engine/locale/display-words";
import { trpc } from "@web/src/api/trpc";
import { classifyApiError } from "../api-errors";
import { stringList, textOf } from "./markdown";
import { useDisplayStyles } from "./styles";

export function SendAgain({ options, application }: DisplayProps) {
  const styles = useDisplayStyles();
  const send = useMutation(trpc.step.submit.mutationOptions());
  const stepId = textOf(options.step);
  const answers = stringList(options.fields).reduce<unknown>(
    (doc, pointer) =>
      getAt(application, pointer) === undefined ? doc : setAt(doc, pointer, getAt(application, pointer)),
    {},
  );
  if (!stepId) return null;
  return (
    <div className={styles.stack}>
      <div>
        <Button
          appearance="secondary"
          disabledFocusable={send.isPending}
          onClick={() => send.mutate({ stepId, answers: answers as Record<string, unknown> })}
        >
          {textOf(options.label) || displayWord("sendAgain.label")}
        </Button>
      </div>
      <p role="status" className={styles.note}>
        {send.isSuccess ? textOf(options.sent) : send.error ? classifyApiError(send.error).message : ""}
      </p>
    </div>
  );
}
