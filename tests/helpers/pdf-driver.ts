// A server-shaped entry for the PDF worker test (tests/definitions/pdf-worker.test.ts): bundled to
// plain JavaScript as the server is, it makes one notice in the PDF pool and prints the file's
// first bytes, its size and the pool's threads, as JSON.
import { noticePdfOffThread, pdfThreads } from "@server/features/esign/pdf-pool";

const bytes = await noticePdfOffThread({
  meta: { title: "Notice", subject: "s", keywords: [], author: "Lender", creator: "test", date: new Date(0) },
  footer: "Notice",
  documents: [
    {
      id: "n",
      title: "A notice",
      version: "1",
      sha256: "x",
      sourceSha256: "y",
      values: {},
      body: "Some text.",
    },
  ],
});
console.log(
  JSON.stringify({
    head: Buffer.from(bytes.slice(0, 5)).toString("latin1"),
    size: bytes.length,
    threads: pdfThreads(),
  }),
);
