// One side of a photo ID in the review queue, shown inline from its blob (JPEG, PNG); a PDF or
// HEIC file, which an <img> cannot show, is offered as a download instead.
import { Button, Spinner } from "@fluentui/react-components";
import { useEffect, useState } from "react";
import { dataUrlOf, fetchUpload, INLINE_IMAGES, saveBlob } from "./upload-files";

type State =
  | { kind: "loading" }
  | { kind: "image"; src: string }
  | { kind: "file"; blob: Blob }
  | { kind: "error"; message: string };

const EXTENSIONS: Record<string, string> = {
  "application/pdf": "pdf",
  "image/heic": "heic",
  "image/jpeg": "jpg",
  "image/png": "png",
};

export function IdPhoto({ uploadId, label }: { uploadId: string; label: string }) {
  const [state, setState] = useState<State>({ kind: "loading" });
  useEffect(() => {
    let live = true;
    setState({ kind: "loading" });
    fetchUpload(uploadId)
      .then(async (blob) =>
        INLINE_IMAGES.has(blob.type)
          ? { kind: "image" as const, src: await dataUrlOf(blob) }
          : { kind: "file" as const, blob },
      )
      .then(
        (next) => live && setState(next),
        (error: unknown) =>
          live &&
          setState({
            kind: "error",
            message: error instanceof Error ? error.message : "The file could not be opened.",
          }),
      );
    return () => {
      live = false;
    };
  }, [uploadId]);

  return (
    <figure className="portal-photo">
      {state.kind === "loading" ? (
        <Spinner size="small" label={`Loading the ${label.toLowerCase()}`} />
      ) : null}
      {state.kind === "image" ? <img src={state.src} alt={label} /> : null}
      {state.kind === "file" ? (
        <Button
          onClick={() =>
            saveBlob(
              state.blob,
              `${label.toLowerCase().replace(/\W+/g, "-")}.${EXTENSIONS[state.blob.type] ?? "bin"}`,
            )
          }
        >
          Download the {label.toLowerCase()} ({(EXTENSIONS[state.blob.type] ?? "file").toUpperCase()})
        </Button>
      ) : null}
      {state.kind === "error" ? (
        <p className="meta" role="alert">
          {state.message}
        </p>
      ) : null}
      <figcaption>{label}</figcaption>
    </figure>
  );
}
