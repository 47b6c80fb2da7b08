// The app page as a path wants it (server/transport/http/page-shell.ts): a funnel step's heading and lead in
// the frame the build wrote, the portal's pages without that frame, and where a visitor without a
// session who opens a step not open to them is sent before anything loads.
import { describe, expect, it } from "vitest";
import {
  pageShellFor,
  stepSkeleton,
  visitorTargetFor,
  withFrame,
  withReturnPath,
} from "@server/transport/http/page-shell";
import { returnPath } from "@server/features/locale/choose-route";
import { repo } from "../helpers/definitions";

const { defs } = repo;
/** The server's day the guards read (theirs read no day: any fixed one). */
const TODAY = "2026-11-22";
const LOADING =
  '<div class="page center-state"><div class="spinner" role="progressbar" aria-label="Loading"><span class="spinner__ring" aria-hidden="true"></span><span class="spinner__label" aria-hidden="true">Loading</span></div></div>';
/** Elements opened and closed, by tag: a page whose markup does not balance is parsed into another tree (a footer outside the root). */
const balance = (html: string) =>
  Object.fromEntries(
    ["div", "p", "h1", "main", "span"].map((tag) => [
      tag,
      (html.match(new RegExp(`<${tag}[\\s>]`, "g")) ?? []).length -
        (html.match(new RegExp(`</${tag}>`, "g")) ?? []).length,
    ]),
  );
const HTML = `<html><head></head><body><div id="root"><!--shell--><header>h</header><main id="main"><!--page-->${LOADING}<!--/page--></main><footer>f</footer><!--/shell--></div></body></html>`;

describe("the app page for a path", () => {
  it("puts a funnel step's heading and lead where its loading state was, escaped, the spinner under them", () => {
    const step = { route: "/app/x", title: 'Is it "yours" & <new>?', description: "A lead." };
    const html = pageShellFor(HTML, "/app/x", step);
    expect(html).toContain(
      '<h1 class="step-skeleton__title">Is it &quot;yours&quot; &amp; &lt;new&gt;?</h1><p class="step-skeleton__lead">A lead.</p>',
    );
    expect(html).toContain('data-boot-path="/app/x"');
    expect(html).toContain('<div class="spinner" role="progressbar" aria-label="Loading">');
    expect(html).not.toContain("center-state");
    expect(balance(html)).toEqual({ div: 0, p: 0, h1: 0, main: 0, span: 0 });
    expect(html).toMatch(
      /<header>h<\/header><main id="main"><!--page--><div class="page funnel step-skeleton"[\s\S]*<!--\/page--><\/main><footer>f<\/footer>/,
    );
    expect(stepSkeleton({ route: "/a", title: "T" }, "")).not.toContain("step-skeleton__lead");
  });

  it("puts the frame in the reader's language in place of the English one, and keeps the English without one", () => {
    const html =
      '<html lang="es"><div id="root"><!--shell--><a>Skip</a><!--page-->x<!--/page--><!--/shell--></div>';
    const spanish = "<!--shell--><a>Saltar $&</a><!--page-->x<!--/page--><!--/shell-->";
    expect(withFrame(html, spanish)).toBe(`<html lang="es"><div id="root">${spanish}</div>`);
    expect(withFrame(html, null)).toBe(html);
    expect(withFrame(html, "<p>not a frame</p>")).toBe(html);
  });

  it("leaves other pages as built, and gives the portal's pages no consumer frame", () => {
    expect(pageShellFor(HTML, "/faq", null)).toBe(HTML);
    expect(pageShellFor(HTML, "/portal/login", null)).toBe(
      '<html><head></head><body><div id="root"></div></body></html>',
    );
    expect(pageShellFor("<html>old build</html>", "/app/x", { route: "/app/x", title: "T" })).toBe(
      "<html>old build</html>",
    );
  });

  it("keeps the frame's notice to a browser without JavaScript on the portal's pages", () => {
    const framed = HTML.replace("<!--/shell-->", "<noscript>Needs JavaScript.</noscript><!--/shell-->");
    expect(pageShellFor(framed, "/portal/login", null)).toBe(
      '<html><head></head><body><div id="root"><noscript>Needs JavaScript.</noscript></div></body></html>',
    );
  });

  it("sends a visitor where the page would: the first step from a later one; nowhere from the first, or from a page the session guard protects", () => {
    const step = (route: string) => [...defs.steps.values()].find(({ def }) => def.route === route)!.def;
    expect(visitorTargetFor(defs, step("/app/initial-setup/property-value"), TODAY)).toBe(
      "/app/initial-setup/name",
    );
    expect(visitorTargetFor(defs, step("/app/initial-setup/name"), TODAY)).toBeNull();
    // A protected page signs the tab out on its way to the guard's page: left to the page.
    const protectedStep = [...defs.steps.values()].find(({ def }) =>
      def.route.startsWith("/app/application/"),
    )!.def;
    expect(visitorTargetFor(defs, protectedStep, TODAY)).toBeNull();
  });
});

describe("a language chosen before the page's code has loaded", () => {
  const FRAME =
    '<form class="language-choice" method="get" action="/api/language"><input type="hidden" name="to" value="/"/><button type="submit" name="lang" value="es">Español</button></form>';

  it("sends the reader back to the page the form is on, its query too, escaped", () => {
    expect(withReturnPath(FRAME, '/login?callbackUrl=/app/x&e="1"')).toContain(
      '<input type="hidden" name="to" value="/login?callbackUrl=/app/x&amp;e=&quot;1&quot;"/>',
    );
  });

  it("goes back only to a path of this site, else to the home page", () => {
    expect(returnPath("/app/initial-setup/name?x=1")).toBe("/app/initial-setup/name?x=1");
    for (const elsewhere of [
      "//evil.example/x",
      "/\\evil.example",
      "https://evil.example/",
      "evil",
      "",
      undefined,
    ])
      expect(returnPath(elsewhere)).toBe("/");
  });
});
