// A refused upload, download or removal: the HTTP status POST /api/upload answers with, and the
// form field it is about (the tRPC router maps it to its own codes).
export type UploadErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500;

/** A refusal with the HTTP status, a code, a message for the applicant and the form field it is about. */
export class UploadError extends Error {
  constructor(
    readonly status: UploadErrorStatus,
    readonly code: string,
    message: string,
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = "UploadError";
  }
}
