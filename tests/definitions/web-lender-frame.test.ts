// The site's frame (banner and footer) names the lender of the profile LENDER_PROFILE points at,
// as the public pages, the notices and npm run check do: the web build reads it through
// web/build/markdown-plugin.ts (virtual:lender-profile), never content/lender.json directly.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { productionLender } from "../helpers/lender";

/** The HTML of the site's and the portal's frame, rendered through the web build's config with this environment. */
function frames(env: Record<string, string>): { site: string; portal: string } {
  const out = execFileSync(join(REPO_ROOT, "node_modules/.bin/tsx"), ["tests/helpers/render-frame.ts"], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  return JSON.parse(out) as { site: string; portal: string };
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : /\.tsx?$/.test(name) ? [full] : [];
  });

describe("the lender named on every page", () => {
  it("is the production lender, with no sample banner, when LENDER_PROFILE points at a production profile", () => {
    const file = join(mkdtempSync(join(tmpdir(), "lender-")), "lender.json");
    writeFileSync(file, JSON.stringify(productionLender));
    const { site, portal } = frames({ LENDER_PROFILE: file });
    for (const html of [site, portal]) {
      expect(html).toContain("Hearthline Lending, LLC");
      expect(html).toContain("NMLS ID <!-- -->1234567");
      expect(html).not.toContain("sample-lender");
      expect(html).not.toMatch(/Sample Lender|sample data/i);
    }
  }, 60_000);

  it("is the sample lender, with the banner saying so, when no profile is named", () => {
    const { site, portal } = frames({ LENDER_PROFILE: "" });
    for (const html of [site, portal]) {
      expect(html).toContain('class="sample-lender"');
      expect(html).toContain("Sample Lender, LLC (sample data)");
    }
  }, 60_000);

  it("reaches the web app only through the build's lender module, never by importing the sample file", () => {
    const importing = sourceFiles(join(REPO_ROOT, "web/src")).filter((f) =>
      /content\/lender\.json/.test(readFileSync(f, "utf8")),
    );
    expect(importing).toEqual([]);
  });
});
