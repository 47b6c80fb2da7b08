// npm run check on the MISMO mapping (rules/mismo.json): a pointer the export input does not have,
// an application value with no MISMO counterpart, and a MISMO path, value or order the schema does
// not know each fail, with the file, line and column.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatProblem } from "@engine/lint/lint";
import { mismoSchemaProblems } from "@engine/lint/mismo-schema";
import { REPO_ROOT } from "@engine/definitions/load";
import { mismoSchemaDir } from "@engine/export/xsd-index";
import { copyDefinitions, loadCopy, repo } from "../helpers/definitions";

type Node = { element: string; children?: Node[]; from?: string; enum?: string; value?: string };
/** The node of the mapping whose element path is `path` (first match, depth first). */
function nodeAt(nodes: Node[], path: string): Node {
  for (const n of nodes) {
    if (n.element === path) return n;
    const inner = n.children && nodeAtOrNull(n.children, path);
    if (inner) return inner;
  }
  throw new Error(`no node ${path}`);
}
function nodeAtOrNull(nodes: Node[], path: string): Node | null {
  try {
    return nodeAt(nodes, path);
  } catch {
    return null;
  }
}

const lintOf = (change: (json: any) => void) => {
  const copy = copyDefinitions();
  copy.edit("rules/mismo.json", change);
  const { defs, problems } = loadCopy(copy);
  return { problems: problems.map(formatProblem), defs, rules: copy.rules };
};

describe("npm run check on rules/mismo.json", () => {
  it("passes on the repository's mapping", () => {
    expect(repo.problems).toEqual([]);
    const dir = mismoSchemaDir(REPO_ROOT);
    if (dir) expect(mismoSchemaProblems(repo.defs).problems).toEqual([]);
  });

  it("refuses a pointer the export input does not have, with its line and column", () => {
    const { problems } = lintOf((json) => {
      nodeAt(json.params.tree, "NAME").children![0]!.from = "/person/firstNme";
    });
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^rules\/mismo\.json:\d+:\d+ #\/params\/tree\/.*\/from: the pointer names no field .*\/person\/firstNme/,
      ),
    );
  });

  it("refuses an application value without a MISMO counterpart", () => {
    const { problems } = lintOf((json) => {
      delete json.params.enums.citizenship.nonResidentAlien;
    });
    expect(problems).toContainEqual(
      expect.stringMatching(
        /rules\/mismo\.json:\d+:\d+ .*\/enum: the value "nonResidentAlien" .* table "citizenship"/,
      ),
    );
  });

  it("refuses a LAR field (rules/hmda-lar.json) whose pointer or enumeration is wrong", () => {
    const copy = copyDefinitions();
    copy.edit("rules/hmda-lar.json", (json) => {
      json.params.fields.find((f: { name: string }) => f.name === "income").fromInput =
        "/application/setup/income";
      delete json.params.enums.occupancyType;
      delete json.params.enums.loanPurpose.education;
    });
    const problems = loadCopy(copy).problems.map(formatProblem);
    expect(problems).toContainEqual(
      expect.stringMatching(
        /rules\/hmda-lar\.json:\d+:\d+ .*fromInput: the pointer names no field .*\/application\/setup\/income/,
      ),
    );
    expect(problems).toContainEqual(expect.stringMatching(/unknown enumeration table "occupancyType"/));
    expect(problems).toContainEqual(expect.stringMatching(/the value "education" .* table "loanPurpose"/));
  });

  describe.skipIf(!mismoSchemaDir(REPO_ROOT))("against the MISMO 3.4 schemas", () => {
    const schemaLint = (change: (json: any) => void) => {
      const { defs, rules, problems } = lintOf(change);
      expect(problems).toEqual([]);
      return mismoSchemaProblems(defs, rules).problems.map(formatProblem);
    };

    it("refuses an element MISMO does not have there", () => {
      const out = schemaLint((json) => {
        nodeAt(json.params.tree, "NAME").children![0]!.element = "GivenName";
      });
      expect(out).toContainEqual(
        expect.stringMatching(
          /rules\/mismo\.json:\d+:\d+ .*: the MISMO schema has no element GivenName in NAME/,
        ),
      );
    });

    it("refuses a counterpart that is not a value of MISMO's enumeration", () => {
      const out = schemaLint((json) => {
        json.params.enums.maritalStatus.separated = "Apart";
      });
      expect(out).toContainEqual(
        expect.stringMatching(/"Apart" is not a value of the MISMO enumeration of MaritalStatusType/),
      );
    });

    it("refuses siblings out of the schema's order", () => {
      const out = schemaLint((json) => {
        const name = nodeAt(json.params.tree, "NAME");
        name.children!.reverse();
      });
      expect(out).toContainEqual(
        expect.stringMatching(/comes before its previous sibling in the MISMO schema's NAME/),
      );
    });

    it("prints file:line:column from the command line and exits 1", () => {
      const copy = copyDefinitions();
      copy.edit("rules/mismo.json", (json) => {
        json.params.enums.maritalStatus.separated = "Apart";
      });
      const out = spawnSync(
        join(REPO_ROOT, "node_modules/.bin/tsx"),
        [join(REPO_ROOT, "engine/cli/check.ts"), "--rules", copy.rules],
        {
          cwd: REPO_ROOT,
          encoding: "utf8",
        },
      );
      expect(out.status).toBe(1);
      expect(out.stderr).toMatch(
        /rules\/mismo\.json:\d+:\d+ #\/params\/enums: "Apart"|rules\/mismo\.json:\d+:\d+ .*"Apart"/,
      );
    }, 90_000);
  });
});
