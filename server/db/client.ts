// The one SQLite-specific file: opens the database with the durability settings, applies the
// committed drizzle-kit migrations, and hands out a drizzle handle. Everything else speaks drizzle.
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { REPO_ROOT } from "../../engine/paths";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema>;
export { schema };

export interface OpenDb {
  db: Db;
  close(): void;
}

/** Opens (creating and migrating) the database at `path`; ":memory:" for throwaway tests. */
export function openDb(path: string): OpenDb {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  // WAL lets readers run beside the writer; synchronous=FULL makes an acknowledged commit
  // survive a power cut, which an applicant's saved answers deserve.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = drizzle({ client: sqlite, schema });
  migrate(db, { migrationsFolder: join(REPO_ROOT, "server/db/migrations") });
  return { db, close: () => sqlite.close() };
}
