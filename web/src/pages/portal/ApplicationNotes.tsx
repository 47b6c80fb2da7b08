// Notes on an application's file (notes.write): staff write them for each other, the applicant
// never sees them. Oldest first, each with its author and time; a new one is added below.
import { Button, Field, Spinner, Textarea } from "@fluentui/react-components";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { trpc } from "@web/src/api/trpc";
import { classifyApiError } from "../funnel/api-errors";
import { dateTime } from "./portal-format";
import { Failure, Loading } from "./PortalStates";

const MAX = 2000;

export function ApplicationNotes({ applicationId, onAdded }: { applicationId: string; onAdded(): void }) {
  const notes = useQuery(trpc.portal.notes.list.queryOptions({ applicationId }));
  const add = useMutation(trpc.portal.notes.add.mutationOptions());
  const [text, setText] = useState("");
  const [empty, setEmpty] = useState(false);
  const onSave = () => {
    if (!text.trim()) return setEmpty(true);
    add.mutate(
      { applicationId, text },
      {
        onSuccess: () => {
          setText("");
          void notes.refetch();
          onAdded();
        },
      },
    );
  };
  const error = empty ? "Write the note first." : add.error ? classifyApiError(add.error).message : undefined;
  return (
    <>
      {notes.isPending ? (
        <Loading label="Loading the notes" />
      ) : notes.error ? (
        <Failure error={notes.error} retry={() => void notes.refetch()} what="the notes" />
      ) : notes.data.notes.length === 0 ? (
        <p className="meta">No notes yet.</p>
      ) : (
        <ul className="portal-notes" aria-label="Notes">
          {notes.data.notes.map((n) => (
            <li key={n.id}>
              <p>{n.text}</p>
              <span className="meta">
                {n.author}, {dateTime(n.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <form
        className="portal-note-form"
        onSubmit={(e) => {
          e.preventDefault();
          onSave();
        }}
      >
        <Field
          label="Add a note"
          hint={`For your colleagues; the applicant does not see it (${text.length}/${MAX}).`}
          validationMessage={error}
          validationState={error ? "error" : "none"}
        >
          <Textarea
            value={text}
            maxLength={MAX}
            resize="vertical"
            onChange={(_, d) => {
              setText(d.value);
              setEmpty(false);
            }}
          />
        </Field>
        <Button
          type="submit"
          disabledFocusable={add.isPending}
          icon={add.isPending ? <Spinner size="extra-tiny" aria-label="Working" /> : undefined}
        >
          Save note
        </Button>
      </form>
    </>
  );
}
