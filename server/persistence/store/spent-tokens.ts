// Spent bot-check tokens in the database, so a token works once even across restarts.
import { lt } from "drizzle-orm";
import type { SpentTokens } from "@server/platform/botcheck/types";
import type { Db } from "../db/client";
import { spentBotTokens } from "../db/schema";

export function dbSpentTokens(db: Db, now: () => Date = () => new Date()): SpentTokens {
  let writes = 0;
  return {
    async spend(id, expiresAt) {
      if (++writes % 500 === 0) await db.delete(spentBotTokens).where(lt(spentBotTokens.expiresAt, now()));
      const inserted = await db
        .insert(spentBotTokens)
        .values({ id, expiresAt })
        .onConflictDoNothing()
        .returning({ id: spentBotTokens.id });
      return inserted.length === 1;
    },
  };
}
