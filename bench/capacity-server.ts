// The capacity bench's server (bench/capacity.ts), in a worker thread of its own so the simulated
// applicants do not share its event loop. The bot check answers yes: each save would otherwise need
// a freshly solved proof of work (~120 ms of a client's CPU); verifying one costs the server
// ~0.3 ms (the API bench measures it), which is left out here as there.
import { parentPort } from "node:worker_threads";
import { testServer } from "../tests/helpers/server";

// As production answers: the work after a save (PDFs, mail) goes on after its answer (a test server waits for it).
const server = await testServer({ awaitWorkAfterSave: false });
server.services.botCheck.verify = async () => ({ ok: true });
parentPort!.postMessage({ url: server.url, dataDir: server.dataDir });
parentPort!.on("message", (message) => {
  if (message === "close") void server.close().then(() => process.exit(0));
});
