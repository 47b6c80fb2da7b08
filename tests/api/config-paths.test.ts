// Where the server puts its database and where its mailed links point (issue 20, item 7):
// DATABASE_PATH is the SQLite file when set, and in development links use the server's own address
// (or PUBLIC_URL), never the Host a request names.
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dialect } from "@server/persistence/db/dialect";
import { linkBase } from "@server/features/portal/users";
import { startServer, type RunningServer } from "@server/start";
import { freshDatabaseUrl } from "../helpers/server";

const started: RunningServer[] = [];
afterAll(() => Promise.all(started.map((s) => s.close())));
const start = async (options: Parameters<typeof startServer>[0]) => {
  const databaseUrl = await freshDatabaseUrl(); // the PostgreSQL run: a database of its own
  const server = await startServer({
    port: 0,
    host: "127.0.0.1",
    quiet: true,
    webDir: undefined,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...options,
  });
  started.push(server);
  return server;
};

describe.skipIf(dialect !== "sqlite")("DATABASE_PATH", () => {
  it("is the SQLite file the server opens, wherever the data folder is", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "heloc-data-"));
    const databasePath = join(mkdtempSync(join(tmpdir(), "heloc-db-")), "elsewhere.sqlite");
    const before = process.env.DATABASE_PATH;
    process.env.DATABASE_PATH = databasePath;
    try {
      const server = await start({ dataDir });
      expect(server.notes).toContain(`Database: SQLite file ${databasePath}`);
      expect(existsSync(databasePath)).toBe(true);
      expect(readdirSync(dataDir).filter((f) => f.startsWith("heloc.sqlite"))).toEqual([]);
    } finally {
      if (before === undefined) delete process.env.DATABASE_PATH;
      else process.env.DATABASE_PATH = before;
    }
  });

  it("is $DATA_DIR/heloc.sqlite when unset", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "heloc-data-"));
    const server = await start({ dataDir });
    expect(server.notes).toContain(`Database: SQLite file ${join(dataDir, "heloc.sqlite")}`);
  });
});

describe("links in mail, in development", () => {
  it("point at the server's own address, not at the Host a request names", async () => {
    const server = await start({
      dataDir: mkdtempSync(join(tmpdir(), "heloc-data-")),
      dev: true,
      publicUrl: undefined,
    });
    expect(linkBase(server.services, "http://attacker.example")).toBe(server.url);
  });

  it("point at PUBLIC_URL when it is set", async () => {
    const server = await start({
      dataDir: mkdtempSync(join(tmpdir(), "heloc-data-")),
      dev: true,
      publicUrl: "https://apply.example.com/",
    });
    expect(linkBase(server.services, "http://attacker.example")).toBe("https://apply.example.com");
  });
});
