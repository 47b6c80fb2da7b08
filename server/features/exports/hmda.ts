// The HMDA LAR of a year from the applications the database stores (one partner's, or all), and
// the MISMO files of the applications that reached the application stage, for the command line
// and the portal.
import { asc, eq } from "drizzle-orm";
import { exportFileOf } from "@engine/lending/export-file";
import { larFile, larParams, type LarFile } from "@engine/lending/hmda-lar";
import { readLenderProfile } from "@engine/lending/lender-file";
import type { ExportFile, LoanFile } from "@engine/generated/schema-types";
import { applications, loanFiles } from "@server/persistence/db/schema";
import { applicationStore } from "@server/persistence/store/applications";
import type { Services } from "@server/services";
import { EXPORTER } from "./mismo";

/** Each stored application (of a partner, when named) as the export input, oldest first. */
export async function exportInputs(services: Services, partnerId?: string): Promise<ExportFile[]> {
  const store = applicationStore(services);
  const lender = readLenderProfile();
  const query = services.db.select().from(applications);
  const rows = await (partnerId ? query.where(eq(applications.partnerId, partnerId)) : query).orderBy(
    asc(applications.createdAt),
  );
  // Each loan file's milestone and history: the action taken after submission (engine/lending/action-taken.ts).
  const loans = new Map(
    (
      await services.db
        .select({ id: loanFiles.applicationId, milestone: loanFiles.milestone, document: loanFiles.document })
        .from(loanFiles)
    ).map((l) => [l.id, { milestone: l.milestone, file: JSON.parse(l.document) as LoanFile }]),
  );
  return rows.map((row) =>
    exportFileOf(
      {
        id: row.id,
        doc: store.fromRow(row).doc,
        createdAt: row.createdAt.toISOString(),
        loan: loans.get(row.id) ?? null,
      },
      { defs: services.defs, lender, exporter: EXPORTER, now: services.now() },
    ),
  );
}

export class NoHmdaProfile extends Error {
  constructor() {
    super("the lender profile (content/lender.json) has no hmda block: LEI, tax ID, agency code and contact");
  }
}

/** The year's LAR, with the CFPB edits it fails. */
export async function hmdaLarOf(services: Services, year: number, partnerId?: string): Promise<LarFile> {
  const lender = readLenderProfile();
  if (!lender.hmda) throw new NoHmdaProfile();
  return larFile(await exportInputs(services, partnerId), year, lender, larParams(services.defs));
}
