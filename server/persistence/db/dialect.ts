// Which database the server talks to, and the column builders of server/persistence/db/schema.ts for it.
// The schema is written once with these; they make SQLite tables (the embedded default) or
// PostgreSQL tables (DATABASE_URL=postgres://…), chosen once when the server's modules load.
//
// The builders are typed as SQLite's, so the server is written against one set of types. Every
// query it writes runs on both: awaited query builders only, never SQLite's synchronous
// .get()/.all()/.run() (tests/unit/dialect-neutral.test.ts keeps it so); transactions and raw
// SQL go through server/persistence/db/client.ts.
import * as pg from "drizzle-orm/pg-core";
import * as sqlite from "drizzle-orm/sqlite-core";

export type Dialect = "sqlite" | "postgresql";

export const dialectOf = (databaseUrl: string | undefined): Dialect =>
  /^postgres(ql)?:\/\//.test(databaseUrl ?? "") ? "postgresql" : "sqlite";

/** Read from the environment once: drizzle tables are made when this module loads. */
export const dialect: Dialect = dialectOf(process.env.DATABASE_URL);
const isPg = dialect === "postgresql";

const sqliteInteger = <N extends string>(name: N) => sqlite.integer(name);
const sqliteTimestamp = <N extends string>(name: N) => sqlite.integer(name, { mode: "timestamp_ms" });
const sqliteAutoId = <N extends string>(name: N) => sqlite.integer(name).primaryKey({ autoIncrement: true });

export const table = (isPg ? pg.pgTable : sqlite.sqliteTable) as typeof sqlite.sqliteTable;
export const text = (isPg ? pg.text : sqlite.text) as typeof sqlite.text;
/** A whole number; 64-bit on both, so epoch milliseconds fit. */
export const integer = (
  isPg ? (name: string) => pg.bigint(name, { mode: "number" }) : sqliteInteger
) as typeof sqliteInteger;
/** A moment, read and written as a Date (milliseconds precision on both). */
export const timestamp = (
  isPg
    ? (name: string) => pg.timestamp(name, { mode: "date", precision: 3, withTimezone: true })
    : sqliteTimestamp
) as typeof sqliteTimestamp;
/** An increasing integer key the database assigns. */
export const autoId = (
  isPg
    ? (name: string) => pg.bigint(name, { mode: "number" }).primaryKey().generatedAlwaysAsIdentity()
    : sqliteAutoId
) as typeof sqliteAutoId;
export const index = (isPg ? pg.index : sqlite.index) as typeof sqlite.index;
export const uniqueIndex = (isPg ? pg.uniqueIndex : sqlite.uniqueIndex) as typeof sqlite.uniqueIndex;
