// npm run export -- mismo --out DIR [--application ID]: one MISMO 3.4 file per application that has
// reached the application stage (rules/mismo.json exportWhen), or the one named, from the database
// the server uses (DATABASE_URL, or the SQLite file of DATA_DIR). Each file is validated against
// the MISMO schemas of MISMO_SCHEMA_DIR when set; a file that fails is not written.
// npm run export -- hmda-lar --year YYYY --out FILE [--partner ID]: the year's HMDA LAR, refused
// (with the CFPB edit numbers and lines) while it fails an edit.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { exportMismo, readyForExport } from "@engine/lending/mismo";
import { mismoSchemaDir } from "@engine/export/xsd-index";
import { REPO_ROOT } from "@engine/base/paths";
import { openServices } from "@server/start";
import { exportInputs, hmdaLarOf } from "./hmda";
import { mismoFileName } from "./mismo";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: "string" },
    application: { type: "string" },
    year: { type: "string" },
    partner: { type: "string" },
  },
});

const fail = (message: string): never => {
  console.error(`export: ${message}`);
  process.exit(1);
};

const [kind] = positionals;
if (kind !== "mismo" && kind !== "hmda-lar") fail("say what to export: mismo or hmda-lar");
if (!values.out) fail("--out is required (a folder for mismo, a file for hmda-lar)");

const { services, closeDb } = await openServices({ quiet: true });
try {
  if (kind === "mismo") {
    const dir = mismoSchemaDir(REPO_ROOT);
    if (!dir) console.log("export: no MISMO schemas (MISMO_SCHEMA_DIR): the files are not schema-checked");
    const inputs = (await exportInputs(services, values.partner)).filter((input) =>
      values.application ? input.file.id === values.application : readyForExport(services.defs, input),
    );
    if (values.application && inputs.length === 0) fail(`no application ${values.application}`);
    mkdirSync(values.out!, { recursive: true });
    let failed = 0;
    for (const input of inputs) {
      const file = exportMismo(services.defs, input, dir);
      if (file.problems.length) {
        failed++;
        console.error(`export: ${input.file.id} not written:\n  ${file.problems.join("\n  ")}`);
        continue;
      }
      writeFileSync(join(values.out!, mismoFileName(input.file.id)), file.xml);
    }
    console.log(
      `export: ${inputs.length - failed} MISMO 3.4 file(s) written to ${values.out}${failed ? `, ${failed} refused` : ""}`,
    );
    if (failed) process.exitCode = 1;
  } else {
    const year = Number(values.year);
    if (!Number.isInteger(year) || year < 2018 || year > 9999)
      fail("--year must be a filing year (2018 or later)");
    const lar = await hmdaLarOf(services, year, values.partner);
    if (lar.failures.length) {
      for (const f of lar.failures) console.error(`line ${f.line}: ${f.edit}: ${f.message}`);
      fail(`the LAR of ${year} fails ${lar.failures.length} CFPB edit(s): not written`);
    }
    writeFileSync(values.out!, lar.text);
    console.log(`export: the HMDA LAR of ${year} (${lar.rows} row(s)) written to ${values.out}`);
  }
} catch (error) {
  fail((error as Error).message);
} finally {
  await closeDb();
}
