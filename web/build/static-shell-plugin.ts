// Writes the frame of every page (header, footer, the loading state: web/src/shell/static-shell.tsx,
// rendered with the very components React renders) into index.html's root, so a page paints before
// its code arrives (issue 24: Lighthouse's first paints). Preloads the Poppins files the first
// paint of a funnel page's heading uses, so it paints in the font it keeps; and preloads no code.
// The frame in each other offered language goes beside it (shell.<code>.html, the marks
// included): the server sends it to that language's reader in place of the English one, so they
// never see English first, and an English page carries none of it.
import { fileURLToPath } from "node:url";
import { runnerImport, type Plugin } from "vite";
import { pathAliases } from "../../scripts/path-aliases.mjs";
import { localeContent, otherLocales } from "./locale-content-plugin.ts";
import { markdownContent } from "./markdown-plugin.ts";

const SHELL_MODULE = fileURLToPath(new URL("../src/shell/static-shell.tsx", import.meta.url));
const ROOT = '<div id="root"></div>';
/** The weights of the heading and its lead (engine/react/styles.ts title, lead), latin subset. */
const PRELOADED_FONTS = /^assets\/poppins-latin-(?:400|600)-normal-[\w-]+\.woff2$/;

/** The file of the frame in `code` beside index.html (read by server/app.ts). */
export const shellFileOf = (code: string) => `shell.${code}.html`;

const shellModule = () =>
  runnerImport<typeof import("../src/shell/static-shell")>(SHELL_MODULE, {
    configFile: false,
    logLevel: "error",
    // The frame reads the lender through the build's own virtual module (the profile LENDER_PROFILE names).
    plugins: [markdownContent()],
    resolve: { alias: pathAliases() },
  });

export function staticShell(): Plugin {
  return {
    name: "heloc-static-shell",
    apply: "build",
    async generateBundle() {
      const { module } = await shellModule();
      for (const { code } of otherLocales())
        this.emitFile({
          type: "asset",
          fileName: shellFileOf(code),
          source: module.renderStaticShellIn(code, localeContent(code)),
        });
    },
    transformIndexHtml: {
      order: "post",
      async handler(html, ctx) {
        if (!html.includes(ROOT)) throw new Error(`index.html: ${ROOT} is missing`);
        const { module } = await shellModule();
        const fonts = Object.keys(ctx.bundle ?? {})
          .filter((file) => PRELOADED_FONTS.test(file))
          .sort();
        if (fonts.length !== 2)
          throw new Error(
            `index.html: expected the two Poppins files to preload, found ${fonts.join(", ") || "none"}`,
          );
        // No modulepreload of the app's code: fetched before the first paint, it shares the first
        // round trips with the page and its styles (on a slow line the page then paints later); the
        // entry script asks for it once the page has painted (web/src/main.tsx).
        const withoutPreloads = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, "");
        const preloads = fonts
          .map((file) => `<link rel="preload" href="/${file}" as="font" type="font/woff2" crossorigin>`)
          .join("\n    ");
        return withoutPreloads
          .replace("</head>", `  ${preloads}\n  </head>`)
          .replace(
            ROOT,
            `<div id="root">${module.SHELL_START}${module.renderStaticShell()}${module.SHELL_END}</div>`,
          );
      },
    },
  };
}
