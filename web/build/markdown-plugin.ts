// Vite plugin: `import { attributes, html } from "./page.md"` gives the front matter and the
// rendered HTML as plain strings, computed at build time, so no Markdown parser reaches users.
// Public content (content/pages, ineligible, insights) and any file imported with `?lender` have
// their {{name}} tokens filled from the lender profile (content/lender.json, engine/lending/lender.ts);
// an unknown token fails the build. Disclosures keep their tokens: the server fills them.
// `virtual:lender-profile` is the lender's name, NMLS ID and status for the site's frame (banner
// and footer), from the same profile (LENDER_PROFILE), so no page carries the sample's facts
// when a deployment names its own.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { marked } from "marked";
import type { Plugin } from "vite";
import { lenderFile, readLenderProfile, LENDER_FILE } from "../../engine/lending/lender-file.ts";
import { fillLenderText } from "../../engine/lending/lender.ts";
import { parseFrontMatter } from "./front-matter.ts";

/** Opens links to other sites in a new tab, marked so, and leaves our own links alone. */
function externalLinks(html: string): string {
  return html.replace(
    /<a href="(https?:\/\/[^"]+)"/g,
    '<a href="$1" target="_blank" rel="noopener noreferrer"',
  );
}

/**
 * A content file's front matter and its body as HTML; with `lender`, its {{tokens}} filled from the
 * lender profile (`tokens`: values that replace the profile's, such as a statement in the page's language).
 */
export function renderContent(
  source: string,
  file: string,
  { lender = false, tokens = {} }: { lender?: boolean; tokens?: Record<string, string> } = {},
): { attributes: ReturnType<typeof parseFrontMatter>["attributes"]; html: string } {
  const { attributes, body } = parseFrontMatter(source, file);
  const profile = readLenderProfile();
  const text = lender
    ? fillLenderText(
        body.replace(/\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g, (whole, name: string) =>
          Object.hasOwn(tokens, name) ? tokens[name]! : whole,
        ),
        profile,
        { file },
      )
    : body;
  return { attributes, html: externalLinks(marked.parse(text, { async: false, gfm: true })) };
}

const LENDER_FILLED = /[\\/]content[\\/](pages|ineligible|insights)[\\/][^\\/]+\.md$/;

/** The module the site's frame imports for the lender's facts (web/src/content-modules.d.ts). */
export const LENDER_MODULE = "virtual:lender-profile";
const RESOLVED_LENDER_MODULE = `\0${LENDER_MODULE}`;

/** What the frame shows of the profile: only these reach the bundle. */
export function lenderModuleSource(): string {
  const { status, legalName, nmlsId } = readLenderProfile();
  return `export default ${JSON.stringify({ status, legalName, nmlsId })};\n`;
}

/** Beside the build, never served: which profile it was filled from (scripts/ensure-build.mjs rebuilds for another). */
export const LENDER_STAMP = "web-lender-profile.txt";

export function markdownContent(): Plugin {
  let stamp: string | null = null;
  return {
    name: "heloc-markdown-content",
    enforce: "pre",
    configResolved(config) {
      if (config.command === "build") stamp = join(dirname(config.build.outDir), LENDER_STAMP);
    },
    resolveId(id) {
      return id === LENDER_MODULE ? RESOLVED_LENDER_MODULE : null;
    },
    load(id) {
      if (id !== RESOLVED_LENDER_MODULE) return null;
      this.addWatchFile(lenderFile());
      return lenderModuleSource();
    },
    closeBundle() {
      if (stamp) writeFileSync(stamp, LENDER_FILE);
    },
    transform(source, id) {
      const [file, query = ""] = id.split("?");
      if (!file!.endsWith(".md")) return null;
      const lender = LENDER_FILLED.test(file!) || new URLSearchParams(query).has("lender");
      if (lender) this.addWatchFile(LENDER_FILE);
      const { attributes, html } = renderContent(source, file!, { lender });
      // Two named exports, so a page that lists titles does not carry every body.
      return {
        code: `export const attributes = ${JSON.stringify(attributes)};\nexport const html = ${JSON.stringify(html)};\n`,
        map: null,
      };
    },
  };
}
