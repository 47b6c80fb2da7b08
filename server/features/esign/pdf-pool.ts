// PDFs are made off the server's event loop, in a pool of worker threads (piscina): one signed
// copy takes ~50 ms of CPU in pdf-lib (disclosures of one borrower, measured by the capacity
// bench), during which every other applicant's answer would wait. The pool leaves one core to the
// event loop, starts a thread on the first PDF and lets it go after a minute idle; an idle thread
// does not keep the process alive.
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import type { NoticePdfInput, SignedPdfInput } from "./pdf";
import type { PdfTask } from "./pdf-worker";

/** The worker's own bundle, beside the server's (scripts/build-server.mjs SERVER_ENTRIES). */
export const PDF_WORKER_BUNDLE = "pdf-worker.js";

/**
 * The worker's module in each way the server runs: from source (this file's URL ends in .ts), the
 * boot file that registers tsx first; built, the bundle beside this one, which must exist.
 */
export function pdfWorkerUrl(here: string = import.meta.url): URL {
  if (new URL(here).pathname.endsWith(".ts")) return new URL("./pdf-boot.mjs", here);
  const url = new URL(`./${PDF_WORKER_BUNDLE}`, here);
  if (!existsSync(url))
    throw new Error(
      `the PDF worker is not built: bundle server/features/esign/pdf-worker.ts as ${fileURLToPath(url)}`,
    );
  return url;
}

let pool: Piscina<PdfTask, Uint8Array> | null = null;

const run = (task: PdfTask) => {
  pool ??= new Piscina({
    filename: pdfWorkerUrl().href,
    minThreads: 0,
    maxThreads: Math.max(1, availableParallelism() - 1),
    idleTimeout: 60_000,
  });
  return pool.run(task);
};

/** The signed copy of a signing (pdf.ts renderSignedPdf), made in the pool. */
export const signedPdfOffThread = (input: SignedPdfInput) => run({ kind: "signed", input });

/** A notice (pdf.ts renderNoticePdf), made in the pool. */
export const noticePdfOffThread = (input: NoticePdfInput) => run({ kind: "notice", input });

/** The pool's threads running now (0 before the first PDF and after a minute idle). */
export const pdfThreads = () => pool?.threads.length ?? 0;
