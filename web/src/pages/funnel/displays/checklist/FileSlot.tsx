// One labelled file input of the checklist: choosing a file uploads it at once, with progress.
import { useId, useRef, useState } from "react";
import { uploadDocument, UploadFailed, type UploadFields } from "../../../../api/upload";
import { megabytes, useChecklistStyles } from "./styles";

/** What the file inputs accept; the server checks the bytes themselves. */
const ACCEPT = ".pdf,.jpg,.jpeg,.png,.heic";

type SlotState = { kind: "idle" } | { kind: "uploading"; name: string; progress: number } | { kind: "failed"; message: string };

/**
 * One labelled file input: choosing a file uploads it at once, with progress, then the checklist refreshes.
 * The requirement says "Uploaded …": this slot may disappear with the refresh (an ID side once it is in).
 */
export function FileSlot({
  label,
  titleId,
  fields,
  maxBytes,
  onUploaded,
}: {
  label: string;
  titleId?: string;
  fields: UploadFields;
  maxBytes: number;
  onUploaded: (fileName: string) => Promise<unknown>;
}) {
  const own = useChecklistStyles();
  const inputId = useId();
  const labelId = useId();
  const helpId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<SlotState>({ kind: "idle" });

  const send = async (file: File) => {
    if (input.current) input.current.value = "";
    // Said before sending: the server refuses these too, but a too-large file would first travel in full.
    if (file.size === 0)
      return setState({
        kind: "failed",
        message: `${file.name} is empty. Choose the file again.`,
      });
    if (file.size > maxBytes)
      return setState({
        kind: "failed",
        message: `${file.name} is too large: the limit is ${megabytes(maxBytes)}.`,
      });
    setState({ kind: "uploading", name: file.name, progress: 0 });
    try {
      await uploadDocument(fields, file, (progress) => setState({ kind: "uploading", name: file.name, progress }));
      setState({ kind: "idle" });
      await onUploaded(file.name);
    } catch (error) {
      setState({
        kind: "failed",
        message: error instanceof UploadFailed ? `${file.name}: ${error.message}` : "We could not upload this file. Please try again.",
      });
    }
  };

  return (
    <div className={own.slot}>
      <label className={own.slotLabel} htmlFor={inputId} id={labelId}>
        {label}
      </label>
      <input
        ref={input}
        id={inputId}
        className={own.input}
        type="file"
        accept={ACCEPT}
        aria-describedby={helpId}
        aria-labelledby={titleId ? `${titleId} ${labelId}` : undefined}
        disabled={state.kind === "uploading"}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void send(file);
        }}
      />
      <div id={helpId} aria-live="polite">
        {state.kind === "uploading" && (
          <>
            <progress className={own.progress} max={1} value={state.progress} aria-label={`Uploading ${state.name}`} />
            <p className={own.hint}>
              Uploading {state.name}: {Math.round(state.progress * 100)}%
            </p>
          </>
        )}
        {state.kind === "failed" && (
          <p className={own.error} role="alert">
            {state.message}
          </p>
        )}
      </div>
    </div>
  );
}
