// npm start: one server on PORT (default 3000) with the built web app, the API and demo data; as
// HELOC_PROCESSES processes sharing the port and the database when set (server/platform/processes.ts).
import { fileURLToPath } from "node:url";
import { readConfig } from "./config";
import { serveInProcesses } from "./platform/processes";

try {
  const { processes } = readConfig();
  await serveInProcesses(
    processes,
    async (role) => {
      // Only a serving process loads the server (the primary of several forks and waits).
      const { startServer } = await import("./start");
      return startServer({
        demo: true,
        firstAdmin: true,
        watchDefinitions: true,
        processMetrics: true,
        role,
      });
    },
    (url, notes) => {
      for (const note of notes) console.log(note);
      console.log(`\nHELOC funnel running at ${url}/\n`);
    },
    fileURLToPath(import.meta.url),
  );
} catch (error) {
  console.error(`Not starting: ${(error as Error).message}`);
  process.exit(1);
}
