// A small preview of an uploaded photo: the file as it was chosen in this tab when there is one
// (no download), otherwise its bytes from GET /api/upload/:id. Shown from an object URL that is
// revoked when the preview goes away. PDFs and HEIC photos (which browsers do not draw) get none.
import { useEffect, useState } from "react";
import { useChecklistStyles } from "./styles";

const DRAWABLE = new Set(["image/jpeg", "image/png"]);

/** Files sent from this tab, by upload id, so their previews need no download. */
const chosenHere = new Map<string, Blob>();
export const rememberChosen = (uploadId: string, file: Blob) => void chosenHere.set(uploadId, file);

async function bytesOf(uploadId: string, signal: AbortSignal): Promise<Blob | null> {
  const local = chosenHere.get(uploadId);
  if (local) return local;
  const res = await fetch(`/api/upload/${encodeURIComponent(uploadId)}`, {
    headers: { "X-Same-Origin": "1" },
    signal,
  });
  return res.ok ? res.blob() : null;
}

export function Thumbnail({ uploadId, contentType }: { uploadId: string; contentType: string }) {
  const own = useChecklistStyles();
  const [url, setUrl] = useState<string | null>(null);
  const drawable = DRAWABLE.has(contentType);
  useEffect(() => {
    if (!drawable) return;
    const abort = new AbortController();
    let made: string | null = null;
    bytesOf(uploadId, abort.signal)
      .then((blob) => {
        if (!blob || abort.signal.aborted) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => undefined); // no preview; the file's name still shows
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [uploadId, drawable]);
  if (!drawable)
    return (
      <span className={own.fileIcon} aria-hidden="true">
        {contentType === "application/pdf" ? "PDF" : "IMG"}
      </span>
    );
  // Decorative: the file's name follows it.
  return url ? (
    <img className={own.thumb} src={url} alt="" />
  ) : (
    <span className={own.fileIcon} aria-hidden="true" />
  );
}
