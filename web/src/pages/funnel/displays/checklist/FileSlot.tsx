// Where files for one document (or one side of a photo ID) go in: a drop zone whose file input is
// the zone's keyboard-operable button (one or several files), and on phones a separate "Take a
// photo" input that opens the back camera. Each file is uploaded at once, one after another, with
// progress; then the checklist refreshes.
import { listed } from "@engine/locale/form-words";
import { displayWord } from "@engine/locale/display-words";
import { useId, useRef, useState, type DragEvent } from "react";
import { uploadDocument, UploadFailed, type UploadFields } from "@web/src/api/upload";
import { megabytes, useChecklistStyles } from "./styles";
import { rememberChosen } from "./Thumbnail";
import { mergeClasses } from "@fluentui/react-components";

/** What the file inputs accept; the server checks the bytes themselves. */
const ACCEPT = ".pdf,.jpg,.jpeg,.png,.heic";

type SlotState =
  { kind: "idle" } | { kind: "uploading"; name: string; progress: number; position: number; of: number };

export function FileSlot({
  name,
  title,
  cameraName,
  fields,
  maxBytes,
  room,
  onDone,
}: {
  /** The file input's accessible name, distinct on the page ("Upload most recent pay stubs for Rae Jensen"). */
  name: string;
  /** What the zone says it takes, e.g. "Front of your driver's license"; none for a document's files. */
  title?: string;
  /** The camera input's accessible name. */
  cameraName: string;
  fields: UploadFields;
  maxBytes: number;
  /** How many more files the document takes (1 for an ID side): more dropped at once are not sent. */
  room: number;
  /** Told the names sent and what went wrong, after each choice or drop (the slot may go away then). */
  onDone: (sent: string[], problems: string[]) => Promise<unknown>;
}) {
  const own = useChecklistStyles();
  const inputId = useId();
  const cameraId = useId();
  const helpId = useId();
  const input = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<SlotState>({ kind: "idle" });
  const [dragging, setDragging] = useState(false);
  const busy = state.kind === "uploading";
  const several = room > 1;

  const send = async (chosen: File[]) => {
    if (input.current) input.current.value = "";
    if (camera.current) camera.current.value = "";
    if (busy || chosen.length === 0) return;
    const found: string[] = [];
    const sent: string[] = [];
    const files = chosen.slice(0, Math.max(room, 1));
    if (chosen.length > files.length) {
      const left = chosen.slice(files.length).map((f) => f.name);
      found.push(
        displayWord(files.length === 1 ? "checklist.tooMany.one" : "checklist.tooMany.many", {
          count: files.length,
          files: listed(left),
        }),
      );
    }
    for (const [index, file] of files.entries()) {
      // Said before sending: the server refuses these too, but a too-large file would first travel in full.
      if (file.size === 0) {
        found.push(displayWord("checklist.emptyFile", { file: file.name }));
        continue;
      }
      if (file.size > maxBytes) {
        found.push(displayWord("checklist.tooLarge", { file: file.name, size: megabytes(maxBytes) }));
        continue;
      }
      const step = { name: file.name, position: index + 1, of: files.length };
      setState({ kind: "uploading", progress: 0, ...step });
      try {
        const { upload } = await uploadDocument(fields, file, (progress) =>
          setState({ kind: "uploading", progress, ...step }),
        );
        rememberChosen(upload.id, file);
        sent.push(file.name);
      } catch (error) {
        found.push(
          error instanceof UploadFailed
            ? displayWord("checklist.fileFailed", { file: file.name, problem: error.message })
            : displayWord("checklist.uploadFailed", { file: file.name }),
        );
      }
    }
    setState({ kind: "idle" });
    await onDone(sent, found);
  };

  const dragOver = (e: DragEvent<HTMLDivElement>) => {
    // Without this the browser would open a dropped file itself.
    e.preventDefault();
    if (!busy) setDragging(true);
  };
  const drop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    void send([...e.dataTransfer.files]);
  };

  return (
    <div className={own.slot}>
      <div
        className={mergeClasses(own.zone, dragging && own.zoneActive)}
        data-dropzone="true"
        onDragEnter={dragOver}
        onDragOver={dragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <input
          ref={input}
          id={inputId}
          className={own.hiddenInput}
          type="file"
          accept={ACCEPT}
          multiple={several}
          aria-label={name}
          aria-describedby={helpId}
          disabled={busy}
          onChange={(e) => void send([...(e.target.files ?? [])])}
        />
        {/* The whole zone is the input's label: a click anywhere opens the picker. */}
        <label htmlFor={inputId} className={own.zoneLabel}>
          {title && <span className={own.zoneTitle}>{title}</span>}
          <span className={own.hint}>
            {displayWord(several ? "checklist.dragFiles" : "checklist.dragFile")}
          </span>
          <span className={own.zoneButton}>
            {displayWord(several ? "checklist.chooseFiles" : "checklist.chooseFile")}
          </span>
        </label>
      </div>
      <div className={own.camera}>
        <input
          ref={camera}
          id={cameraId}
          className={own.hiddenInput}
          type="file"
          accept="image/*"
          capture="environment"
          aria-label={cameraName}
          aria-describedby={helpId}
          disabled={busy}
          onChange={(e) => void send([...(e.target.files ?? [])])}
        />
        <label htmlFor={cameraId} className={own.cameraButton}>
          {displayWord("checklist.takePhoto")}
        </label>
      </div>
      <div id={helpId} aria-live="polite">
        {state.kind === "uploading" && (
          <>
            <progress
              className={own.progress}
              max={1}
              value={state.progress}
              aria-label={displayWord("checklist.uploading", { file: state.name })}
            />
            <p className={own.hint}>
              {state.of > 1
                ? displayWord("checklist.uploadingProgressOf", {
                    file: state.name,
                    n: state.position,
                    count: state.of,
                    percent: Math.round(state.progress * 100),
                  })
                : displayWord("checklist.uploadingProgress", {
                    file: state.name,
                    percent: Math.round(state.progress * 100),
                  })}
            </p>
          </>
        )}
      </div>
    </div>
  );
}
