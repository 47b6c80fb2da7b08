// Every link to a page of the site that a text of content/ gives, and every page the funnel sends
// an applicant to, leads to a page (engine/lint/site-links.ts): npm run check names the file and
// place of one that would open "page not found".
import { renameSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkSet } from "@engine/lint/check-set";
import { formatProblem } from "@engine/lint/lint";
import { copyDefinitions } from "../helpers/definitions";

const deadLinks = (copy: ReturnType<typeof copyDefinitions>) =>
  checkSet(copy.dirs)
    .problems.map(formatProblem)
    .filter((line) => line.includes('"page not found"'));

describe("links to the site's pages", () => {
  it("the shipped texts' links and the funnel's pages all lead to a page", () => {
    expect(deadLinks(copyDefinitions({ schemas: true, content: true }))).toEqual([]);
  });

  it("refuses a misspelt footer link, the home page's start button, an article and a link in a page's text", () => {
    const copy = copyDefinitions({ schemas: true, content: true });
    copy.editText("content/site.json", (t) => t.replace('"/faq"', '"/faqs"'));
    copy.editText("content/home.json", (t) =>
      t.replace('"/app/initial-setup/name"', '"/app/initial-setup/nam"'),
    );
    copy.editText("content/ineligible/low-equity.md", (t) =>
      t.replace("slug=how-much-equity", "slug=how-much-equty"),
    );
    copy.editText("content/pages/terms-of-use.md", (t) =>
      t.replace("](/privacy-statement)", "](/privacy-statment)"),
    );
    expect(deadLinks(copy).sort()).toEqual([
      expect.stringMatching(
        /^content\/home\.json:\d+:\d+ #\/start: "\/app\/initial-setup\/nam" is not a page of the site, did you mean `\/app\/initial-setup\/name`\?: the reader following it gets "page not found"$/,
      ),
      expect.stringMatching(
        /^content\/ineligible\/low-equity\.md:4:\d+: "how-much-equty" is not an article of content\/insights\/, did you mean `how-much-equity`\?: the reader following it gets "page not found"$/,
      ),
      expect.stringMatching(
        /^content\/pages\/terms-of-use\.md:\d+:\d+: "\/privacy-statment" is not a page of the site/,
      ),
      expect.stringMatching(
        /^content\/site\.json:\d+:\d+ #\/nav\/1\/to: "\/faqs" is not a page of the site.*`\/faq`/,
      ),
    ]);
  });

  it("refuses a misspelt page in the session guard's protected pages (the real page would be left unprotected)", () => {
    const copy = copyDefinitions({ schemas: true, content: true });
    copy.editText("rules/session-guard.json", (t) =>
      t.replace('"/app/application/7"', '"/app/aplication/7"'),
    );
    expect(deadLinks(copy)).toEqual([
      expect.stringMatching(
        /^rules\/session-guard\.json:\d+:\d+ #\/params\/protectedPages\/6: "\/app\/aplication\/7" is not a page of the site, did you mean `\/app\/application\/7`\?: an applicant sent there gets "page not found", and what this file says of that page holds for none$/,
      ),
    ]);
  });

  it("refuses an ineligible page the funnel sends applicants to whose text was renamed", () => {
    const copy = copyDefinitions({ schemas: true, content: true });
    renameSync(
      join(copy.dir, "content/ineligible/boost.md"),
      join(copy.dir, "content/ineligible/boosting.md"),
    );
    expect(deadLinks(copy)).toEqual([
      expect.stringMatching(
        /^rules\/funnel\.json:\d+:\d+ #\/params\/pages\/\d+: "\/app\/ineligible\/boost" is not a page of the site.*`\/app\/ineligible\/boosting`/,
      ),
    ]);
  });
});
