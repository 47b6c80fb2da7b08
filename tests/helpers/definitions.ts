import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { layoutDefinition } from "@engine/base/json-layout";
import { loadDefinitions, REPO_ROOT } from "@engine/definitions/load";

/** The repository's definitions, loaded once per test file. */
export const repo = loadDefinitions();

/**
 * A copy of steps/, rules/ and journeys/ (and, when asked, schemas/ and content/) in a temporary
 * folder, for tests that edit definitions: `dirs` names the copied folders, so a server or a check
 * given them reads the copy's worked journeys (and schemas, texts) too.
 */
export function copyDefinitions({ schemas = false, content = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "heloc-defs-"));
  const at = (folder: string) => join(dir, folder);
  const folders = [
    "steps",
    "rules",
    "journeys",
    ...(schemas ? ["schemas"] : []),
    ...(content ? ["content"] : []),
  ];
  for (const folder of folders) cpSync(join(REPO_ROOT, folder), at(folder), { recursive: true });
  const write = (file: string, json: unknown) => writeFileSync(join(dir, file), layoutDefinition(json));
  const edit = (file: string, change: (json: any) => void) => {
    const json = JSON.parse(readFileSync(join(dir, file), "utf8"));
    change(json);
    write(file, json);
  };
  /** A file's text changed as it is (a text of content/, or a JSON file left out of its layout). */
  const editText = (file: string, change: (text: string) => string) =>
    writeFileSync(join(dir, file), change(readFileSync(join(dir, file), "utf8")));
  const remove = (file: string) => rmSync(join(dir, file), { force: true });
  const dirs: { steps: string; rules: string; journeys: string; schemas?: string; content?: string } = {
    steps: at("steps"),
    rules: at("rules"),
    journeys: at("journeys"),
    ...(schemas ? { schemas: at("schemas") } : {}),
    ...(content ? { content: at("content") } : {}),
  };
  return {
    steps: dirs.steps,
    rules: dirs.rules,
    journeys: dirs.journeys,
    dir,
    dirs,
    edit,
    editText,
    write,
    remove,
  };
}

export function loadCopy(copy: { steps: string; rules: string; journeys?: string }) {
  return loadDefinitions({ steps: copy.steps, rules: copy.rules, journeys: copy.journeys });
}

/** Drops into a copy a one-step flow asking for the borrower's SSN (no step of the repo asks yet). */
export function addSsnStep(copy: ReturnType<typeof copyDefinitions>) {
  copy.write("steps/initial-setup/ssn-check.json", {
    id: "ssnCheck",
    route: "/app/initial-setup/ssn-check",
    label: "SSN",
    rank: 0,
    schema: {
      type: "object",
      additionalProperties: false,
      required: ["user"],
      properties: {
        user: {
          type: "object",
          additionalProperties: false,
          required: ["ssn"],
          properties: { ssn: { $ref: "../../schemas/user.json#/properties/ssn" } },
        },
      },
    },
  });
  copy.write("steps/flows/ssn-check.json", {
    id: "ssnCheckFlow",
    description: "A one-step flow for tests.",
    variants: [{ id: "only", steps: ["ssnCheck"] }],
  });
  return copy;
}

/**
 * In a copy, caps the home value at $500,000 on the property-value step: a tightened rule for
 * re-check tests. The copy's worked journeys of a $585,000 home would now be refused, as check
 * says: they go, as product ops would rewrite them.
 */
export function capPropertyValue(copy: ReturnType<typeof copyDefinitions>) {
  for (const name of readdirSync(copy.journeys))
    if (/"propertyValue": *[5-9]\d{5}/.test(readFileSync(join(copy.journeys, name), "utf8")))
      copy.remove(`journeys/${name}`);
  copy.edit("steps/initial-setup/property-value.json", (step) => {
    step.checks = [
      {
        id: "propertyValue.at-most",
        description: "We lend on homes worth up to $500,000.",
        field: "/setup/propertyValue",
        logic: { "<=": [{ var: "setup.propertyValue" }, 500000] },
        message: "We lend on homes worth up to $500,000",
      },
    ];
  });
}
