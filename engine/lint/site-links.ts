// Every link to a page of the site that a text of content/ gives (a footer's `to`, the home page's
// `start`, an ineligible page's `primaryTo`, a [link](/privacy-statement) in a page or a mail) leads
// to a page: a misspelt one opens "page not found" (a footer's privacy link, the home page's start
// button); so does each page a rule file's params name (rules/funnel.json params.pages: an
// ineligible page whose text was renamed; the session guard's protected pages: a misspelt one is
// no longer protected). The site's pages: engine/base/routes.ts, each step's route, each
// ineligible reason and each insight of content/.
import { positionAt } from "../base/json-positions";
import { escapeSegment } from "../base/pointer";
import { CONTENT_PAGES, ROUTES } from "../base/routes";
import type { Definitions, Problem } from "../definitions/definitions";
import { suggest } from "./logic";

/** A JSON key whose text is a page to go to (`to`, `start`, `signInTo`, `progressTo`, …). */
const LINK_KEY = /^(to|start|[a-z][A-Za-z]*To)$/;
/** A rule file's param naming pages (`pages`, `protectedPages`, `signedOutRoute`, `route`): not prefixes. */
const PAGE_KEY = /^(pages|route)$|[a-z](Pages|Route)$/;
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

const LINK_MISS = 'the reader following it gets "page not found"';
const RULE_MISS =
  'an applicant sent there gets "page not found", and what this file says of that page holds for none';

/** Why `link` leads nowhere, or null. */
function deadEnd(link: string, site: ReturnType<typeof sitePages>): string | null {
  const [path = "", query = ""] = link.split("#")[0]!.split("?");
  if (!site.pages.has(path)) return `"${path}" is not a page of the site${suggest(path, site.pages)}`;
  if (path === ROUTES.insightPost) {
    const slug = new URLSearchParams(query).get("slug") ?? "";
    if (!site.insights.includes(slug))
      return `"${slug}" is not an article of content/insights/${suggest(slug, site.insights)}`;
  }
  return null;
}

/** Each text of `node` starting with "/" under a key `isPage` takes (a list's items: under its key), with its pointer. */
function* pagesNamed(node: unknown, at: string, isPage: RegExp, key = ""): Generator<[string, string]> {
  if (typeof node === "string") {
    if (isPage.test(key) && node.startsWith("/")) yield [node, at];
  } else if (node && typeof node === "object")
    for (const [k, v] of Object.entries(node))
      yield* pagesNamed(v, `${at}/${escapeSegment(k)}`, isPage, Array.isArray(node) ? key : k);
}

export function checkSiteLinks(defs: Definitions): Problem[] {
  const site = sitePages(defs);
  const problems: Problem[] = [];
  const judge = (file: string, named: Iterable<[string, string]>, miss: string) => {
    for (const [page, pointer] of named) {
      const wrong = deadEnd(page, site);
      if (wrong) problems.push({ file, pointer, message: `${wrong}: ${miss}` });
    }
  };
  // The pages a rule file's params name (the funnel's pages, the session guard's protected pages
  // and where it sends a visitor, the pages the redirect skips): each is a page of the site.
  for (const { file, def } of defs.ruleSets.values())
    judge(file, pagesNamed(def.params, "/params", PAGE_KEY), RULE_MISS);
  for (const [file, text] of defs.texts ?? new Map<string, string>()) {
    if (!file.startsWith("content/")) continue;
    if (file.endsWith(".json")) judge(file, pagesNamed(JSON.parse(text), "", LINK_KEY), LINK_MISS);
    if (file.endsWith(".md"))
      for (const match of text.matchAll(MD_LINKS)) {
        const link = match[1] ?? match[2]!;
        const wrong = deadEnd(link, site);
        const offset = match.index + match[0].indexOf(link);
        if (wrong)
          problems.push({
            file,
            pointer: "",
            message: `${wrong}: ${LINK_MISS}`,
            ...positionAt(text, offset),
          });
      }
  }
  return problems;
}
