// The definitions worker's entry when the server runs from its TypeScript source (npm start under
// tsx, the tests): a worker thread does not inherit tsx's loader (Node 20), so it is registered
// here before the worker's own module loads. A built server never loads this file: its worker is
// bundled to plain JavaScript (gate.ts workerEntry), so tsx is a development tool only.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
