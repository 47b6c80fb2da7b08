// npm start: one server on PORT (default 3000) with the built web app, the API and demo data.
import { startServer } from "./start";

try {
  const running = await startServer({
    demo: true,
    firstAdmin: true,
    watchDefinitions: true,
    processMetrics: true,
  });
  for (const note of running.notes) console.log(note);
  console.log(`\nHELOC funnel running at ${running.url}/\n`);
  const stop = () => void running.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  // Production reloads the definitions when told: kill -HUP <pid> (a set that fails check is refused).
  process.on("SIGHUP", () => void running.reloadDefinitions("SIGHUP"));
} catch (error) {
  console.error(`Not starting: ${(error as Error).message}`);
  process.exit(1);
}
