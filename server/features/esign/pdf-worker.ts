// The PDF worker thread's task (server/features/esign/pdf-pool.ts): one PDF from its input, as
// pdf.ts makes it. Its own module so the thread loads pdf-lib and the renderer, nothing else.
import { renderNoticePdf, renderSignedPdf, type NoticePdfInput, type SignedPdfInput } from "./pdf";

export type PdfTask = { kind: "signed"; input: SignedPdfInput } | { kind: "notice"; input: NoticePdfInput };

export default function render(task: PdfTask): Promise<Uint8Array> {
  return task.kind === "signed" ? renderSignedPdf(task.input) : renderNoticePdf(task.input);
}
