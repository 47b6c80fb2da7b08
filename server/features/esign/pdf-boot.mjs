// The PDF worker's entry when the server runs from its TypeScript source (npm start under tsx, the
// tests): a worker thread does not inherit tsx's loader (Node 20), so it is registered here before
// pdf-worker.ts loads. A built server runs the bundled pdf-worker.js instead (pdf-pool.ts).
import { register } from "tsx/esm/api";

register();
const { default: render } = await import("./pdf-worker.ts");
export default render;
