// "View" for one uploaded file, in the page: a photo as an image, a PDF drawn page by page with
// pdf.js (pdfjs-dist) onto canvases, so a reviewer reads a statement without downloading it. pdf.js
// runs in its own worker and never evaluates code from a file (isEvalSupported: false); the page's
// CSP stays as it is (no frame, no object, no blob: frame). Its code is fetched only when a file is
// viewed.
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
} from "@fluentui/react-components";
import { useEffect, useRef, useState } from "react";
import { dataUrlOf, fetchUpload, INLINE_IMAGES, saveBlob } from "./upload-files";

/** The most pages drawn at once: a long file is read in the download. */
const MAX_PAGES = 20;

type State =
  | { kind: "loading" }
  | { kind: "image"; src: string }
  | { kind: "pdf"; pages: number; shown: number }
  | { kind: "other"; blob: Blob }
  | { kind: "error"; message: string };

async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([
    import("pdfjs-dist"),
    import("pdfjs-dist/build/pdf.worker.min.mjs?url"),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

function Viewer({ uploadId, fileName }: { uploadId: string; fileName: string }) {
  const [state, setState] = useState<State>({ kind: "loading" });
  const pagesRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    let cleanup: (() => void) | null = null;
    (async () => {
      const blob = await fetchUpload(uploadId);
      if (INLINE_IMAGES.has(blob.type))
        return live && setState({ kind: "image", src: await dataUrlOf(blob) });
      if (blob.type !== "application/pdf") return live && setState({ kind: "other", blob });
      const pdfjs = await loadPdfJs();
      const task = pdfjs.getDocument({
        data: new Uint8Array(await blob.arrayBuffer()),
        isEvalSupported: false,
      });
      cleanup = () => void task.destroy();
      const pdf = await task.promise;
      const shown = Math.min(pdf.numPages, MAX_PAGES);
      if (!live) return;
      setState({ kind: "pdf", pages: pdf.numPages, shown });
      for (let n = 1; n <= shown && live; n++) {
        const page = await pdf.getPage(n);
        const viewport = page.getViewport({ scale: 1.5 });
        const canvas = document.createElement("canvas");
        canvas.width = viewport.width;
        canvas.height = viewport.height;
        canvas.setAttribute("role", "img");
        canvas.setAttribute("aria-label", `Page ${n} of ${pdf.numPages} of ${fileName}`);
        canvas.dataset.page = String(n);
        pagesRef.current?.append(canvas);
        await page.render({ canvas, viewport }).promise;
      }
    })().catch((error: unknown) => {
      if (live)
        setState({
          kind: "error",
          message: error instanceof Error ? error.message : "The file could not be shown.",
        });
    });
    return () => {
      live = false;
      cleanup?.();
    };
  }, [uploadId, fileName]);

  return (
    <div className="portal-viewer" data-viewer={state.kind}>
      {state.kind === "loading" ? <Spinner size="small" label="Opening the file" /> : null}
      {state.kind === "image" ? <img src={state.src} alt={fileName} /> : null}
      {state.kind === "pdf" ? (
        <p className="meta" role="status">
          {state.pages === 1 ? "1 page" : `${state.pages} pages`}
          {state.shown < state.pages
            ? `: the first ${state.shown} are shown here, download it for the rest`
            : ""}
          .
        </p>
      ) : null}
      <div ref={pagesRef} className="portal-viewer__pages" />
      {state.kind === "other" ? (
        <p>
          This kind of file cannot be shown here.{" "}
          <Button size="small" onClick={() => saveBlob(state.blob, fileName)}>
            Download {fileName}
          </Button>
        </p>
      ) : null}
      {state.kind === "error" ? <p role="alert">{state.message}</p> : null}
    </div>
  );
}

/**
 * The viewer's dialog, mounted only while a file is open (a closed Fluent dialog per row would
 * leave its focus guards in the page): `onClose` unmounts it.
 */
export function FileViewerDialog({
  uploadId,
  fileName,
  onClose,
}: {
  uploadId: string;
  fileName: string;
  onClose(): void;
}) {
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className="portal-viewer__surface">
        <DialogBody>
          <DialogTitle>{fileName}</DialogTitle>
          <DialogContent>
            <Viewer uploadId={uploadId} fileName={fileName} />
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
