// The capacity bench's server as BENCH_CAPACITY_PROCESSES processes (bench/capacity.ts), started
// as server/main.ts starts HELOC_PROCESSES of them (server/platform/processes.ts): a process of
// its own (node --import tsx), sharing DATA_DIR's SQLite file, or DATABASE_URL. The same options
// as the in-thread server (bench/capacity-server.ts: tests/helpers/server.ts testServer), and the
// bot check answers yes in every process. Prints the URL on stdout once every process serves.
import { fileURLToPath } from "node:url";
import { startServer } from "@server/start";
import { serveInProcesses } from "@server/platform/processes";
import { widenedBudgets } from "../tests/helpers/budgets";
import { TEST_BOT_CHECK_COST } from "../tests/helpers/server";

// As scripts/start.mjs runs the server: stack traces name the TypeScript lines.
process.setSourceMapsEnabled(true);

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR must name the data folder");
await serveInProcesses(
  Number(process.env.BENCH_CAPACITY_PROCESSES ?? 1),
  async (role) => {
    const server = await startServer({
      port: 0,
      host: "127.0.0.1",
      quiet: true,
      webDir: undefined,
      botCheckCost: TEST_BOT_CHECK_COST,
      pause: async () => undefined,
      budgetsFor: widenedBudgets,
      mailOutbox: true,
      awaitWorkAfterSave: false, // as production answers: PDFs and mail after the answer
      sweepEveryMs: 0,
      dataDir,
      role,
    });
    server.services.botCheck.verify = async () => ({ ok: true });
    return server;
  },
  (url) => void process.stdout.write(`${url}\n`),
  fileURLToPath(import.meta.url),
);
