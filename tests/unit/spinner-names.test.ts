// A spinner is a progressbar to a screen reader, and axe counts one without a name as a serious
// violation (the co-borrower's journey caught the saving spinner of Next on a loaded machine).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith(".tsx")
        ? [join(dir, entry.name)]
        : [],
  );

describe("spinners", () => {
  it("each have a name: a label or an aria-label", () => {
    const unnamed = [join(REPO_ROOT, "web/src"), join(REPO_ROOT, "engine/react")]
      .flatMap(sources)
      .flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(/<Spinner\b[^>]*>/g)]
          .filter((m) => !/\b(aria-)?label=/.test(m[0]))
          .map((m) => `${relative(REPO_ROOT, file)}: ${m[0]}`),
      );
    expect(unnamed).toEqual([]);
  });
});
