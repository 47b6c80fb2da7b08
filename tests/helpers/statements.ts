// The statements the server sent its database while something ran, counted by the server itself
// (DATABASE_COUNT_STATEMENTS=1 before the server opens its database; server/persistence/db/client.ts).
import { statementCounts, type Db } from "@server/persistence/db/client";

/** The statements sent on `db` while `act` ran, by text (lower case), each with how many times. */
export async function sentDuring(db: Db, act: () => Promise<unknown>): Promise<[string, number][]> {
  const counts = () => {
    const now = statementCounts(db);
    if (!now)
      throw new Error("statements are not counted: set DATABASE_COUNT_STATEMENTS=1 before the server starts");
    return now;
  };
  const before = counts();
  await act();
  const after = counts();
  return [...after]
    .map(([text, n]) => [text.toLowerCase(), n - (before.get(text) ?? 0)] as [string, number])
    .filter(([, n]) => n > 0);
}
