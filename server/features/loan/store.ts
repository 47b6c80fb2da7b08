// The loan_files table: one row per submitted application, its document (schemas/loan-file.json)
// written only by the server, with the columns the pipeline filters on (milestone, the decision's
// due day, whose move it is). A write names the revision it read; an older one is refused.
import { and, eq } from "drizzle-orm";
import { decisionClock, machineOf, waitingOn } from "@engine/lending/milestones";
import type { LoanFile } from "@engine/generated/schema-types";
import type { Db } from "@server/persistence/db/client";
import { loanFiles } from "@server/persistence/db/schema";
import type { Services } from "@server/services";

export interface StoredLoanFile {
  applicationId: string;
  milestone: string;
  file: LoanFile;
  revision: number;
}

const toStored = (row: typeof loanFiles.$inferSelect): StoredLoanFile => ({
  applicationId: row.applicationId,
  milestone: row.milestone,
  file: JSON.parse(row.document) as LoanFile,
  revision: row.revision,
});

/** The pipeline's columns for a file in `milestone`. */
function columnsOf(services: Pick<Services, "defs">, milestone: string, file: LoanFile) {
  const machine = machineOf(services.defs);
  const who = waitingOn(machine, milestone);
  return {
    milestone,
    document: JSON.stringify(file),
    decisionDueOn: decisionClock(machine, milestone, file)?.dueOn ?? null,
    waitingOn: who ? `,${who},` : "",
  };
}

export async function readLoanFile(db: Db, applicationId: string): Promise<StoredLoanFile | null> {
  const [row] = await db.select().from(loanFiles).where(eq(loanFiles.applicationId, applicationId));
  return row ? toStored(row) : null;
}

/** Opens the file of an application just submitted (nothing when it has one). */
export async function createLoanFile(
  tx: Db,
  services: Pick<Services, "defs">,
  applicationId: string,
  file: LoanFile,
  now: Date,
): Promise<StoredLoanFile> {
  const milestone = machineOf(services.defs).initial;
  await tx
    .insert(loanFiles)
    .values({
      applicationId,
      ...columnsOf(services, milestone, file),
      revision: 0,
      receivedAt: new Date(file.receivedAt),
      updatedAt: now,
    })
    .onConflictDoNothing();
  return (await readLoanFile(tx, applicationId))!;
}

/** Saves the file at the revision it was read at; false when someone saved it meanwhile. */
export async function saveLoanFile(
  tx: Db,
  services: Pick<Services, "defs">,
  was: StoredLoanFile,
  milestone: string,
  file: LoanFile,
  now: Date,
): Promise<boolean> {
  const changed = await tx
    .update(loanFiles)
    .set({ ...columnsOf(services, milestone, file), revision: was.revision + 1, updatedAt: now })
    .where(and(eq(loanFiles.applicationId, was.applicationId), eq(loanFiles.revision, was.revision)))
    .returning({ id: loanFiles.applicationId });
  return changed.length === 1;
}
