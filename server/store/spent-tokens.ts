// Spent bot-check tokens in the database, so a token works once even across restarts.
import { lt } from "drizzle-orm";
import type { SpentTokens } from "../botcheck/types";
import type { Db } from "../db/client";
import { spentBotTokens } from "../db/schema";

export function dbSpentTokens(db: Db, now: () => Date = () => new Date()): SpentTokens {
  let writes = 0;
  return {
    spend(id, expiresAt) {
      if (++writes % 500 === 0) db.delete(spentBotTokens).where(lt(spentBotTokens.expiresAt, now())).run();
      return db.insert(spentBotTokens).values({ id, expiresAt }).onConflictDoNothing().run().changes === 1;
    },
  };
}
