// The form staff record a paper notice's mailing with (notices.mail): the day it was mailed, any
// fields the notice needs besides (children: the address when none was on file), and the server's
// refusal, at the day when it names it, else above the button's row.
import { Button, Field, Input, MessageBar, MessageBarBody } from "@fluentui/react-components";
import type { FormEvent, ReactNode } from "react";
import type { ApiFailure } from "../funnel/api-errors";

/** The message a refusal gives a field, by its JSON pointer. */
export const errorAt = (failure: ApiFailure | null, pointer: string): string | undefined =>
  failure?.kind === "fields" ? failure.fieldErrors.find((f) => f.pointer === pointer)?.message : undefined;

export function MailedOnForm({
  label,
  mailedOn,
  onMailedOn,
  failure,
  pending,
  onSubmit,
  children,
}: {
  /** The form's accessible name: which notice, to whom. */
  label: string;
  mailedOn: string;
  onMailedOn(value: string): void;
  failure: ApiFailure | null;
  pending: boolean;
  onSubmit(): void;
  children?: ReactNode;
}) {
  const dayError = errorAt(failure, "/mailedOn");
  return (
    <form
      className="portal-note-form"
      aria-label={label}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Field
        label="Day mailed"
        required
        validationMessage={dayError}
        validationState={dayError ? "error" : "none"}
      >
        <Input type="date" value={mailedOn} onChange={(_, d) => onMailedOn(d.value)} required />
      </Field>
      {children}
      <Button type="submit" appearance="primary" size="small" disabled={pending}>
        Record as mailed
      </Button>
      {failure && failure.kind !== "fields" ? (
        <MessageBar intent="error" role="alert" className="portal-message">
          <MessageBarBody>{failure.message}</MessageBarBody>
        </MessageBar>
      ) : null}
    </form>
  );
}
