// Runs a command against PostgreSQL: `node scripts/with-postgres.mjs <command…>` starts a
// throwaway cluster of Debian's postgresql on a loopback port, runs the command with DATABASE_URL
// pointing at it, and removes the cluster. `npm run test:postgres` runs the API suite and the fuzz
// test this way (part of `npm test`), `npm run bench:postgres` the API benchmark; each test
// server makes a database of its own in it (tests/helpers/server.ts). With DATABASE_URL=postgres://…
// already set, that server is used instead. Installs the package with apt-get when it is missing
// and we may; otherwise says in one line how. The tests' cluster skips fsync (it is thrown away);
// with `--durable` first (the benches) it commits as a production server does (fsync, synchronous
// commit, full page writes), so its figures compare with SQLite's at synchronous=FULL.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const durable = process.argv[2] === "--durable";
const [command, ...args] = process.argv.slice(durable ? 3 : 2);
if (!command) {
  console.error("Usage: node scripts/with-postgres.mjs [--durable] <command> [arguments…]");
  process.exit(2);
}

function binDir() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root).filter((v) => existsSync(join(root, v, "bin/initdb")))
    : [];
  return versions.length ? join(root, versions.sort((a, b) => Number(b) - Number(a))[0], "bin") : null;
}

function ensureInstalled() {
  if (binDir()) return;
  if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get")) {
    console.error(
      "Running against PostgreSQL needs Debian's postgresql: run `sudo apt-get install -y postgresql` (or set DATABASE_URL=postgres://… to a server of your own).",
    );
    process.exit(1);
  }
  console.log("Installing Debian's postgresql for the API tests (apt-get)...");
  execFileSync(
    "sh",
    ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql"],
    { stdio: "inherit" },
  );
}

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** PostgreSQL refuses to run as root; as root we run it as the package's own postgres user. */
function asOwner(command, args) {
  const root = process.getuid?.() === 0;
  const result = root
    ? spawnSync("runuser", ["-u", "postgres", "--", command, ...args], { stdio: "inherit" })
    : spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${command} failed (exit ${result.status})`);
}

async function startCluster() {
  ensureInstalled();
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), "heloc-pg-"));
  if (process.getuid?.() === 0)
    chownSync(
      dir,
      Number(execFileSync("id", ["-u", "postgres"]).toString()),
      Number(execFileSync("id", ["-g", "postgres"]).toString()),
    );
  const data = join(dir, "data");
  const port = await freePort();
  // C collation sorts as SQLite does; fsync off because this cluster is thrown away, unless durable.
  asOwner(join(bin, "initdb"), [
    "-D",
    data,
    "-U",
    "heloc",
    "--auth=trust",
    "-E",
    "UTF8",
    "--no-locale",
    "--no-sync",
  ]);
  asOwner(join(bin, "pg_ctl"), [
    "-D",
    data,
    "-l",
    join(dir, "server.log"),
    "-w",
    "-o",
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=300` +
      (durable ? "" : " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"),
    "start",
  ]);
  return {
    url: `postgres://heloc@127.0.0.1:${port}/postgres`,
    // The postmaster's pid (postmaster.pid's first line): the capacity bench counts its processes' CPU.
    pid: readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0],
    stop() {
      try {
        asOwner(join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

const own = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "");
const cluster = own ? null : await startCluster();
const url = own ? process.env.DATABASE_URL : cluster.url;
console.log(
  `\nOn PostgreSQL (${url.replace(/\/\/[^@]*@/, "//")}${durable ? ", durable commits" : own ? "" : ", fsync off"}): ${[command, ...args].join(" ")}`,
);
let status = 1;
try {
  status =
    spawnSync(command, args, {
      stdio: "inherit",
      env: { ...process.env, DATABASE_URL: url, ...(cluster ? { PG_POSTMASTER_PID: cluster.pid } : {}) },
    }).status ?? 1;
} finally {
  cluster?.stop();
}
process.exit(status);
