// Every link to a page of the site that a text of content/ gives (a footer's `to`, the home page's
// `start`, an ineligible page's `primaryTo`, a [link](/privacy-statement) in a page or a mail) leads
// to a page: a misspelt one opens "page not found" (a footer's privacy link, the home page's start
// button); so does each page the funnel sends an applicant to (rules/funnel.json params.pages: an
// ineligible page whose text was renamed). The site's pages: engine/base/routes.ts, each step's route, each ineligible reason and
// each insight of content/.
import { positionAt } from "../base/json-positions";
import { escapeSegment } from "../base/pointer";
import { CONTENT_PAGES, ROUTES } from "../base/routes";
import type { Definitions, Problem } from "../definitions/definitions";
import { suggest } from "./logic";

/** A JSON key whose text is a page to go to (`to`, `start`, `signInTo`, `progressTo`, …). */
const LINK_KEY = /^(to|start|[a-z][A-Za-z]*To)$/;
/** A page link in markdown, or a front-matter line naming one (`primaryTo: /insights`). */
const MD_LINKS = /\]\((\/[^)\s]*)\)|^[a-z][A-Za-z]*To:[ \t]*(\/\S*)/gm;

const nameIn = (file: string, folder: string) =>
  file.startsWith(folder) && file.endsWith(".md") ? file.slice(folder.length, -3) : null;

/** The site's pages, and the articles /insight-blog?slug= opens. */
function sitePages(defs: Definitions) {
  const files = [...(defs.texts ?? new Map<string, string>()).keys()];
  const pages = new Set<string>([
    ...Object.values(ROUTES),
    ...CONTENT_PAGES.map((name) => `/${name}`),
    ...[...defs.steps.values()].map(({ def }) => def.route),
  ]);
  for (const file of files) {
    const reason = nameIn(file, "content/ineligible/");
    if (reason) pages.add(`${ROUTES.ineligible}/${reason}`);
  }
  const insights = files.flatMap((file) => nameIn(file, "content/insights/") ?? []);
  return { pages, insights };
}

/** Why `link` leads nowhere, or null. */
function deadEnd(link: string, site: ReturnType<typeof sitePages>): string | null {
  const [path = "", query = ""] = link.split("#")[0]!.split("?");
  if (!site.pages.has(path))
    return `"${path}" is not a page of the site, so the reader gets "page not found"${suggest(path, site.pages)}`;
  if (path === ROUTES.insightPost) {
    const slug = new URLSearchParams(query).get("slug") ?? "";
    if (!site.insights.includes(slug))
      return `"${slug}" is not an article of content/insights/, so the reader gets "page not found"${suggest(slug, site.insights)}`;
  }
  return null;
}

export function checkSiteLinks(defs: Definitions): Problem[] {
  const site = sitePages(defs);
  const problems: Problem[] = [];
  // The pages the funnel sends an applicant to (rules/funnel.json params.pages): each has its text.
  const funnel = defs.ruleSets.get("funnel")?.file ?? "rules/funnel.json";
  defs.funnel.pages.forEach((page, i) => {
    const wrong = deadEnd(page, site);
    if (wrong) problems.push({ file: funnel, pointer: `/params/pages/${i}`, message: wrong });
  });
  for (const [file, text] of defs.texts ?? new Map<string, string>()) {
    if (!file.startsWith("content/")) continue;
    if (file.endsWith(".md"))
      for (const match of text.matchAll(MD_LINKS)) {
        const link = match[1] ?? match[2]!;
        const wrong = deadEnd(link, site);
        const offset = match.index + match[0].indexOf(link);
        if (wrong) problems.push({ file, pointer: "", message: wrong, ...positionAt(text, offset) });
      }
    else if (file.endsWith(".json")) {
      const walk = (node: unknown, at: string, key: string) => {
        if (typeof node === "string" && LINK_KEY.test(key) && node.startsWith("/")) {
          const wrong = deadEnd(node, site);
          if (wrong) problems.push({ file, pointer: at, message: wrong });
        } else if (node && typeof node === "object")
          for (const [k, v] of Object.entries(node))
            walk(v, `${at}/${escapeSegment(k)}`, Array.isArray(node) ? key : k);
      };
      walk(JSON.parse(text), "", "");
    }
  }
  return problems;
}
