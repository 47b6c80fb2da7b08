// The real server in a process of its own, for tests that kill it: `node --import tsx
// tests/hardening/server-process.ts` with DATA_DIR set (and PORT, default any free one). Prints
// its URL as the first line on stdout once it listens.
import { startServer } from "@server/start";
import { widenedBudgets } from "../helpers/budgets";

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR must name the data folder");
const server = await startServer({
  port: Number(process.env.PORT ?? 0),
  host: "127.0.0.1",
  dataDir,
  quiet: true,
  webDir: undefined,
  budgetsFor: widenedBudgets, // a burst of 48 new applicants from one address
});
process.stdout.write(`${server.url}\n`);
