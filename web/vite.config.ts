// The web app's build: root web/, output dist/web at the repository root (the server serves it
// with an SPA fallback). In development /api goes to the server on 127.0.0.1:3000.
import griffel from "@griffel/vite-plugin";
import react from "@vitejs/plugin-react";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { defineConfig, type Plugin } from "vite";
import { localeContentModules } from "./build/locale-content-plugin.ts";
import { localePageModules } from "./build/locale-pages-plugin.ts";
import { markdownContent } from "./build/markdown-plugin.ts";
import { siteMeta } from "./build/site-meta-plugin.ts";
import { staticShell } from "./build/static-shell-plugin.ts";
import { pathAliases } from "../scripts/path-aliases.mjs";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
const rjsfUri = fileURLToPath(new URL("./build/rjsf-uri.ts", import.meta.url));

const fastUri = fileURLToPath(new URL("../node_modules/fast-uri/index.js", import.meta.url));

/**
 * RJSF's fast-uri import is answered by web/build/rjsf-uri.ts (its two calls, on the browser's URL
 * parser); every other importer (ajv, in development's live preview) gets the one fast-uri copy.
 */
const fastUriFor: Plugin = {
  name: "heloc-fast-uri",
  enforce: "pre",
  resolveId: {
    filter: { id: /^fast-uri$/ },
    handler: (_source, importer) =>
      importer && /[\\/]@rjsf[\\/]utils[\\/]/.test(importer) ? rjsfUri : fastUri,
  },
};
/**
 * Parts of RJSF's default registry no step can reach: the layout-grid fields (no step names them
 * in ui:field), the widgets whose names engine/definitions/widget-names.ts does not allow (the linter refuses
 * them), and the defaults engine/react/widgets.tsx and templates.tsx replace by name. Each is a component that says
 * so if it is ever rendered; the rest of the form engine loses 5 kB (gzip) it never ran.
 */
const RJSF_UNUSED = new Set([
  "fields/LayoutGridField",
  "fields/LayoutHeaderField",
  "fields/LayoutMultiSchemaField",
  "widgets/AltDateTimeWidget",
  "widgets/AltDateWidget",
  "widgets/ColorWidget",
  "widgets/DateTimeWidget",
  "widgets/FileWidget",
  "widgets/RatingWidget",
  "widgets/TimeWidget",
  "widgets/CheckboxesWidget",
  "widgets/CheckboxWidget",
  "widgets/DateWidget",
  "widgets/EmailWidget",
  "widgets/HiddenWidget",
  "widgets/PasswordWidget",
  "widgets/RadioWidget",
  "widgets/RangeWidget",
  "widgets/SelectWidget",
  "widgets/TextareaWidget",
  "widgets/TextWidget",
  "widgets/UpDownWidget",
  "widgets/URLWidget",
  "templates/ArrayFieldItemTemplate",
  "templates/ArrayFieldTemplate",
  "templates/DescriptionField",
  "templates/ErrorList",
  "templates/FieldErrorTemplate",
  "templates/FieldHelpTemplate",
  "templates/FieldTemplate",
  "templates/ObjectFieldTemplate",
  "templates/TitleField",
  "templates/UnsupportedField",
  "ButtonTemplates/AddButton",
  "ButtonTemplates/SubmitButton",
]);
const UNUSED_PREFIX = "\0rjsf-unused:";
const rjsfUnused: Plugin = {
  name: "heloc-rjsf-unused",
  enforce: "pre",
  apply: "build",
  resolveId: {
    filter: { id: /^\.\/\w+(\/index)?\.js$/ },
    handler(source, importer) {
      const from = importer
        ?.replace(/\\/g, "/")
        .match(
          /\/@rjsf\/core\/lib\/components\/(?:templates\/)?(fields|widgets|templates|ButtonTemplates)\/index\.js$/,
        )?.[1];
      const name = from && /^\.\/(\w+)(?:\/index)?\.js$/.exec(source)?.[1];
      return name && RJSF_UNUSED.has(`${from}/${name}`) ? `${UNUSED_PREFIX}${from}/${name}` : null;
    },
  },
  load: {
    filter: { id: /^\0rjsf-unused:/ },
    handler(id) {
      const name = id.slice(UNUSED_PREFIX.length);
      return `export default function Unused() { throw new Error(${JSON.stringify(`RJSF's ${name} is not in the web build (web/vite.config.ts RJSF_UNUSED)`)}); }`;
    },
  },
};
/**
 * Fluent's `tokens`: each is the name of its CSS variable, `var(--name)` (a few with a fallback).
 * The browser gets a Proxy that spells them on read instead of Fluent's 467-entry table (3 kB gzip
 * on every Fluent page); the odd ones are taken from Fluent's own table at build time. Nothing
 * lists the tokens (checked: Fluent and our code only read them by name).
 */
const FLUENT_TOKENS = "\0heloc-fluent-tokens";
let oddTokens: Record<string, string> = {};
const fluentTokens: Plugin = {
  name: "heloc-fluent-tokens",
  enforce: "pre",
  apply: "build",
  // Fluent's table is read before the bundling starts: imported in Node beside the bundler's work,
  // its 2 s of loading stretched to 10-18 s and Rolldown reported it as the build's slowest plugin.
  async configResolved() {
    const { tokens } = (await import("@fluentui/react-components")) as unknown as {
      tokens: Record<string, string>;
    };
    oddTokens = Object.fromEntries(
      Object.entries(tokens).filter(([name, value]) => value !== `var(--${name})`),
    );
  },
  resolveId: {
    filter: { id: /^\.\/tokens\.js$/ },
    handler: (_source, importer) =>
      importer && /[\\/]@fluentui[\\/]tokens[\\/]lib[\\/]index\.js$/.test(importer) ? FLUENT_TOKENS : null,
  },
  load: {
    filter: { id: /^\0heloc-fluent-tokens$/ },
    handler: () => `const odd = ${JSON.stringify(oddTokens)};
export const tokens = new Proxy(odd, { get: (_, name) => (typeof name !== "string" ? undefined : Object.hasOwn(odd, name) ? odd[name] : \`var(--\${name})\`) });`,
  },
};
/**
 * React Router's package maps every import to its development build; its production build, beside
 * it, differs only in ENABLE_DEV_WARNINGS = false, which lets the minifier drop the warnings.
 */
const routerProduction: Plugin = {
  name: "heloc-react-router-production",
  enforce: "pre",
  apply: "build",
  resolveId: {
    filter: { id: /^react-router(\/dom)?$/ },
    handler(source) {
      const file =
        source === "react-router" ? "index.mjs" : source === "react-router/dom" ? "dom-export.mjs" : null;
      return (
        file &&
        fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url))
      );
    },
  },
};
/**
 * The browser's JSON-logic evaluator: every import of the server's (engine/logic/logic.ts,
 * json-logic-engine, which compiles logic to functions) resolves to engine/logic/logic-js.ts
 * (json-logic-js, which interprets it: no 'unsafe-eval' in the page's CSP, and 8 kB gzip less on
 * the first funnel page). Both take their operators from engine/logic/operators.ts;
 * tests/unit/logic-evaluators.test.ts holds them to the same decisions. In development too, so the
 * dev server runs what production runs.
 */
const serverLogic = fileURLToPath(new URL("../engine/logic/logic.ts", import.meta.url));
const browserLogic = fileURLToPath(new URL("../engine/logic/logic-js.ts", import.meta.url));
const browserEvaluator: Plugin = {
  name: "heloc-browser-evaluator",
  enforce: "pre",
  resolveId: {
    filter: { id: /(^|[\\/])logic(\.ts)?$/ },
    async handler(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === serverLogic ? browserLogic : null;
    },
  },
};
/**
 * Modules of plain data made at build time from code or files the page need not carry: the themes
 * (web/src/shell/theme.ts, engine/react/theme.ts: Fluent's theme functions and colour palettes, a
 * 5.9 kB gzip chunk) and the owner's role (engine/funnel/owner.ts: one name out of
 * rules/members.json, 2.3 kB gzip whole). The build runs each once, in Node, and ships its values;
 * a module exporting anything JSON cannot carry stops the build. The dev server runs them as they are.
 */
const PREBUILT_DATA = ["./src/shell/theme.ts", "../engine/react/theme.ts", "../engine/funnel/owner.ts"].map(
  (path) => fileURLToPath(new URL(path, import.meta.url)),
);
const prebuiltData: Plugin = {
  name: "heloc-prebuilt-data",
  enforce: "pre",
  apply: "build",
  load: {
    // Rolldown calls the hook only for these files (a JavaScript hook called for every module
    // is what its plugin-timings check warns about).
    filter: {
      id: PREBUILT_DATA.map((file) => new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`)),
    },
    async handler(id) {
      const { tsImport } = await import("tsx/esm/api");
      const values = (await tsImport(pathToFileURL(id).href, import.meta.url)) as Record<string, unknown>;
      return Object.entries(values)
        .map(([name, value]) => {
          const json = JSON.stringify(value);
          if (json === undefined || !isDeepStrictEqual(JSON.parse(json), value))
            throw new Error(`${id}: export ${name} is not plain data (web/vite.config.ts PREBUILT_DATA)`);
          return `export const ${name} = ${json};`;
        })
        .join("\n");
    },
  },
};
const outDir = fileURLToPath(new URL("../dist/web", import.meta.url));

export default defineConfig({
  root: webRoot,
  publicDir: "public",
  plugins: [
    browserEvaluator,
    prebuiltData,
    fastUriFor,
    rjsfUnused,
    fluentTokens,
    routerProduction,
    markdownContent(),
    localeContentModules(),
    localePageModules(),
    siteMeta(),
    staticShell(),
    react(),
    // Our makeStyles calls resolved to CSS at build time (as Fluent ships its own), so the browser
    // runs none of Griffel's style compiler (stylis, rtl-css-js): the dev server keeps the runtime.
    {
      ...griffel({
        include: [/[\\/](web[\\/]src|engine[\\/]react)[\\/].*\.tsx?$/],
        babelOptions: { presets: ["@babel/preset-typescript"] },
      }),
      apply: "build",
    },
  ],
  resolve: {
    alias: [
      ...pathAliases(),
      {
        find: /^markdown-to-jsx(\/react)?$/,
        replacement: fileURLToPath(new URL("./build/plain-markdown.tsx", import.meta.url)),
      },
      // One copy of each: RJSF nests its own versions (fast-uri 4, ajv-formats 2) beside ajv's,
      // and uses the same few calls of them (URI resolve/equal for $ref; addFormats(ajv)).
      {
        find: /^ajv-formats$/,
        replacement: fileURLToPath(new URL("../node_modules/ajv-formats/dist/index.js", import.meta.url)),
      },
    ],
  },
  build: {
    outDir,
    emptyOutDir: true,
    // No module preloads (issue 34): each dynamic import's chunks come through its own imports.
    // Vite's preloading appended a link per chunk the import needs (42 on a funnel page, 13 on
    // home) in the entry's one task just after the first paint, the longest task Lighthouse saw
    // on the funnel step (140-180 ms with its fourfold slowdown), and every chunk carried the list
    // of its imports' files (4.4 kB gzip of the first funnel page, 3.2 kB of home). Preloads in
    // the HTML instead start before the first paint, which Lighthouse then counts them into.
    modulePreload: false,
    // The funnel chunk (form engine, RJSF) is large by nature and loads only on funnel pages.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // tRPC's packages do not say they are free of side effects (every other library here does):
      // its WebSocket link's class, with a static counter set at top level, was kept though unused.
      treeshake: { moduleSideEffects: (id: string) => !/[\\/]node_modules[\\/]@trpc[\\/]/.test(id) },
      // Rolldown's advice that JavaScript plugins take most of the build: they do by design here
      // (Griffel's Babel transform of our styles, Vite's own CSS and asset hooks); the hooks that
      // ran for every module now have filters, and compression is a step of its own
      // (scripts/precompress.mjs). Every other check stays on.
      checks: { bundlerTimings: false },
      output: {
        // Named vendor chunks, cached across deploys of our own code. The form engine's libraries
        // load only with the funnel; the home page gets the react chunk and the shell.
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
            },
            // Not ajv: the funnel runs the server's precompiled validators (engine/validation/precompiled.ts) with two
            // of ajv's runtime helpers; the compiler itself is only in development's live preview chunk.
            {
              name: "form-engine",
              test: /node_modules[\\/](@rjsf[\\/](core|utils)|json-logic-js|markdown-to-jsx|fast-deep-equal|@x0k|lodash|lodash-es|fast-equals|jsonpointer|nanoid)[\\/]|node_modules[\\/]ajv[\\/]dist[\\/]runtime[\\/](equal|ucs2length)\.js$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { "/api": { target: process.env.API_ORIGIN ?? "http://127.0.0.1:3000", changeOrigin: false } },
  },
});
