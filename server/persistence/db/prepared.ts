// Statements built and prepared once. drizzle builds a query's SQL anew on every call (and
// better-sqlite3 prepares it anew), which was a third of a step.get; a query written once with
// sql.placeholder values is built once per database handle and then only run. The handle matters:
// a PostgreSQL transaction runs on one pooled connection, so a statement used in one is prepared
// for that connection's handle (`connectionOf`: built once per connection, not per transaction);
// on SQLite the transaction runs on the one handle.
import { sql } from "drizzle-orm";
import { connectionOf, type Db } from "./client";

interface Preparable {
  prepare(): { execute(placeholders?: Record<string, unknown>): unknown };
}

type Rows<Q extends Preparable> = Awaited<ReturnType<ReturnType<Q["prepare"]>["execute"]>>;

/**
 * A query prepared on first use on each handle. `name` names the statement on PostgreSQL
 * (prepared once per connection there); it must be unique among the server's prepared queries.
 */
export function preparedQuery<Q extends Preparable>(name: string, build: (db: Db) => Q) {
  const prepared = new WeakMap<Db, ReturnType<Q["prepare"]>>();
  const on = (handle: Db): ReturnType<Q["prepare"]> => {
    const db = connectionOf(handle);
    let query = prepared.get(db);
    if (!query) {
      // SQLite's prepare() takes no name and PostgreSQL's takes one; the handle is typed as SQLite's.
      query = (build(db) as unknown as { prepare(name: string): ReturnType<Q["prepare"]> }).prepare(name);
      prepared.set(db, query);
    }
    return query;
  };
  const run = async (db: Db, placeholders: Record<string, unknown>): Promise<Rows<Q>> =>
    (await on(db).execute(placeholders)) as Rows<Q>;
  /**
   * The query's run as drizzle gives it, not awaited here: on SQLite it runs when its `then` is
   * called, at once, as `writeWithoutSync` needs (an `await` would run it a microtask later).
   */
  const query = (db: Db, placeholders: Record<string, unknown>) =>
    on(db).execute(placeholders) as PromiseLike<Rows<Q>>;
  return Object.assign(run, { query });
}

/**
 * A placeholder for a value written by a prepared insert or update (`set`, `values`). drizzle binds
 * it through the column's own encoder (a Date to the column's time format, on either database),
 * as it does a literal value; only its types do not say that a written column takes one.
 */
export const written = <T>(name: string): T => sql.placeholder(name) as unknown as T;
