// The definitions worker's entry: the server's TypeScript runs through tsx (npm start), which a
// worker thread does not inherit, so it is registered here before the worker's own module loads.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
