// Opening an applicant's file from the portal: GET /api/upload/<id> with our API headers (a plain
// link cannot send X-Same-Origin), then either saved under its own name or, for an ID photo shown
// inline, read as a data: URL (the CSP allows data: images, not blob: ones).
import { apiFetch } from "@web/src/api/api-fetch";

/** Content types a browser shows in an <img>; anything else (PDF, HEIC) is offered as a download. */
export const INLINE_IMAGES = new Set(["image/jpeg", "image/png"]);

export async function fetchUpload(uploadId: string): Promise<Blob> {
  const res = await apiFetch(`/api/upload/${encodeURIComponent(uploadId)}`, { cache: "no-store" });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(
      body?.error?.message ?? `The file could not be opened (the server answered ${res.status}).`,
    );
  }
  return res.blob();
}

/** Saves a blob under a name, through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has started by the next task; the URL is not needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export async function downloadUpload(uploadId: string, fileName: string): Promise<void> {
  saveBlob(await fetchUpload(uploadId), fileName);
}

export function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsDataURL(blob);
  });
}
