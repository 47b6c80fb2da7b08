// npm start: loads the definitions (refusing to start if they have problems) and serves on PORT.
import { serve } from "@hono/node-server";
import { loadDefinitions } from "../engine/load";
import { formatProblem } from "../engine/lint";
import { createApp } from "./app";

const { defs, problems } = loadDefinitions();
if (problems.length) {
  for (const p of problems) console.error(formatProblem(p));
  console.error(`Not starting: ${problems.length} problem(s) in the definitions (npm run check).`);
  process.exit(1);
}
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
const server = serve({ fetch: createApp(defs).fetch, port, hostname: host }, (info) => {
  console.log(`HELOC funnel running at http://${host === "0.0.0.0" ? "localhost" : host}:${info.port}/`);
});
const stop = () => server.close(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
