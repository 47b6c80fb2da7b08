// A refused upload, download or removal: the HTTP status POST /api/upload answers with, and the
// form field it is about (the tRPC router maps it to its own codes).
import { englishOf, type Said } from "@engine/locale/server-words";

export type UploadErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500;

/** A refusal with the HTTP status, a code, a message for the applicant and the form field it is about. */
export class UploadError extends Error {
  /** The message's engine word and values (the route writes it in the reader's language). */
  readonly said?: Said;
  constructor(
    readonly status: UploadErrorStatus,
    readonly code: string,
    message: string | Said,
    readonly field: string | null = null,
  ) {
    super(typeof message === "string" ? message : englishOf(message));
    if (typeof message !== "string") this.said = message;
    this.name = "UploadError";
  }
}
