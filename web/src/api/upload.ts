// POST /api/upload for the document checklist: one file per request as multipart/form-data, with
// the headers every API call carries (X-Same-Origin: 1 and a bot-check token), and the upload's
// progress. XMLHttpRequest rather than fetch, because fetch cannot report upload progress.
import { displayWord } from "@engine/locale/display-words";
import type { BorrowerRole } from "@engine/lending/borrowers";
import { botToken } from "./bot-check";

export interface UploadFields {
  documentType: string;
  borrower: BorrowerRole;
  propertyId?: string | null;
  subtype?: string | null;
  side?: string | null;
}

export interface UploadedFile {
  id: string;
  documentType: string;
  fileName: string;
}

/** A refused or failed upload: the server's message, and the form field it is about. */
export class UploadFailed extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field: string | null,
  ) {
    super(message);
  }
}

const NETWORK = "The upload did not reach us. Check your connection and try again.";

export async function uploadDocument(
  fields: UploadFields,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<{ upload: UploadedFile; identityReview: string | null }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (value !== undefined && value !== null) form.append(name, value);
  form.append("file", file, file.name);
  const token = await botToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/upload");
    xhr.setRequestHeader("X-Same-Origin", "1");
    xhr.setRequestHeader("X-Recaptcha-Token", token);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new UploadFailed(NETWORK, 0, null));
    xhr.onload = () => {
      const body = xhr.response as {
        error?: { message?: string; field?: string | null };
        upload?: UploadedFile;
        identityReview?: string | null;
      } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.upload)
        return resolve({ upload: body.upload, identityReview: body.identityReview ?? null });
      const message =
        body?.error?.message ?? displayWord(xhr.status === 413 ? "upload.tooLarge" : "upload.notTaken");
      reject(new UploadFailed(message, xhr.status, body?.error?.field ?? null));
    };
    xhr.send(form);
  });
}
