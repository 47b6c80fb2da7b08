// Spent bot-check tokens in the database, so a token works once even across restarts.
import { lt } from "drizzle-orm";
import type { SpentTokens } from "@server/platform/botcheck/types";
import type { Db } from "../db/client";
import { preparedQuery, written } from "../db/prepared";
import { spentBotTokens } from "../db/schema";

/** Every visitor's first save spends a token: prepared once. */
const spendToken = preparedQuery("spentBotTokenInsert", (db) =>
  db
    .insert(spentBotTokens)
    .values({ id: written<string>("id"), expiresAt: written<Date>("expiresAt") })
    .onConflictDoNothing()
    .returning({ id: spentBotTokens.id }),
);

export function dbSpentTokens(db: Db, now: () => Date = () => new Date()): SpentTokens {
  let writes = 0;
  return {
    async spend(id, expiresAt) {
      if (++writes % 500 === 0) await db.delete(spentBotTokens).where(lt(spentBotTokens.expiresAt, now()));
      const inserted = await spendToken(db, { id, expiresAt });
      return inserted.length === 1;
    },
  };
}
