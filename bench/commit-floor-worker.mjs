// One process of the commit-floor bench (bench/commit-floor.ts): durable single-row UPDATEs of a
// whole application's JSON, one transaction each (BEGIN IMMEDIATE … COMMIT, as the server's), as
// fast as this process can, for the time it is told. Plain JavaScript so it starts in a bare
// `node` (no TypeScript loader): what it times is better-sqlite3 and the disk, nothing of ours.
// Told {path, rows, firstRow, seconds, startAt, synchronous} on argv as JSON; answers the parent with each
// commit's start and end (ms on the shared wall clock) and its own CPU time.
import Database from "better-sqlite3";

const { path, rows, firstRow, seconds, startAt, synchronous } = JSON.parse(process.argv[2]);
const db = new Database(path);
// The server's pragmas (server/persistence/db/client.ts).
db.pragma("journal_mode = WAL");
db.pragma(`synchronous = ${synchronous}`);
db.pragma("busy_timeout = 5000");
db.pragma("secure_delete = ON");
const begin = db.prepare("BEGIN IMMEDIATE");
const commit = db.prepare("COMMIT");
const read = db.prepare("SELECT document FROM applications WHERE id = ?");
const update = db.prepare("UPDATE applications SET document = ?, revision = revision + 1 WHERE id = ?");

// Wait for the shared start, so two processes begin together.
while (Date.now() < startAt) await new Promise((resolve) => setTimeout(resolve, 1));
const starts = [];
const ends = [];
const cpu = process.cpuUsage();
const until = performance.now() + seconds * 1000;
const origin = performance.timeOrigin;
for (let i = 0; performance.now() < until; i++) {
  const id = `app-${firstRow + (i % rows)}`;
  // A save changes a few answers somewhere in the document: here one character run, so the row's
  // pages are rewritten as a save rewrites them (the whole JSON text is written back).
  const document = read.get(id).document;
  const at = (i * 97) % (document.length - 16);
  const changed = document.slice(0, at) + String(i % 1e8).padStart(8, "0") + document.slice(at + 8);
  const started = performance.now();
  begin.run();
  update.run(changed, id);
  commit.run();
  const ended = performance.now();
  starts.push(origin + started);
  ends.push(origin + ended);
}
const spent = process.cpuUsage(cpu);
db.close();
process.send({ starts, ends, cpuMs: (spent.user + spent.system) / 1000 }, () => process.exit(0));
