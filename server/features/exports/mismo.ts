// One application's MISMO 3.4 file, from what the database stores: the export input
// (engine/lending/export-file.ts) through rules/mismo.json, validated against the lender's copy of
// the MISMO schemas when one is named (MISMO_SCHEMA_DIR).
import { REPO_ROOT } from "@engine/base/paths";
import { exportFileOf } from "@engine/lending/export-file";
import { readLenderProfile } from "@engine/lending/lender-file";
import { exportMismo, type MismoExport } from "@engine/lending/mismo";
import { mismoSchemaDir } from "@engine/export/xsd-index";
import type { StoredApplication } from "@server/persistence/store/applications";
import { readLoanFile } from "@server/features/loan/store";
import { assignedLoanOfficer } from "@server/features/loan/originator";
import type { Services } from "@server/services";

export const EXPORTER = "heloc-funnel 0.1.0";

/** The MISMO file of a stored application, with its loan file's approved terms and dates when it has them, and its assigned loan officer (URLA section 9). */
export async function mismoFileOf(
  services: Services,
  app: Pick<StoredApplication, "id" | "doc">,
): Promise<MismoExport> {
  const loan = await readLoanFile(services.db, app.id);
  const loanOfficer = await assignedLoanOfficer(services, app.id);
  const input = exportFileOf(
    { id: app.id, doc: app.doc, loan, loanOfficer },
    { defs: services.defs, lender: readLenderProfile(), exporter: EXPORTER, now: services.now() },
  );
  return exportMismo(services.defs, input, mismoSchemaDir(REPO_ROOT));
}

/** The download's name: the application's id, never a borrower's name. */
export const mismoFileName = (id: string) => `mismo-3.4-${id}.xml`;
