// The web app's build: root web/, output dist/web at the repository root (the server serves it
// with an SPA fallback). In development /api goes to the server on 127.0.0.1:3000.
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { markdownContent } from "./build/markdown-plugin";
import { precompress } from "./build/precompress-plugin";
import { siteMeta } from "./build/site-meta-plugin";
import { staticShell } from "./build/static-shell-plugin";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
const outDir = fileURLToPath(new URL("../dist/web", import.meta.url));

export default defineConfig({
  root: webRoot,
  publicDir: "public",
  plugins: [markdownContent(), siteMeta(), staticShell(), react(), precompress()],
  resolve: {
    alias: [
      { find: /^markdown-to-jsx(\/react)?$/, replacement: fileURLToPath(new URL("./build/plain-markdown.tsx", import.meta.url)) },
      // One copy of each: RJSF nests its own versions (fast-uri 4, ajv-formats 2) beside ajv's,
      // and uses the same few calls of them (URI resolve/equal for $ref; addFormats(ajv)).
      { find: /^fast-uri$/, replacement: fileURLToPath(new URL("../node_modules/fast-uri/index.js", import.meta.url)) },
      { find: /^ajv-formats$/, replacement: fileURLToPath(new URL("../node_modules/ajv-formats/dist/index.js", import.meta.url)) },
    ],
  },
  build: {
    outDir,
    emptyOutDir: true,
    // The funnel chunk (form engine, RJSF) is large by nature and loads only on funnel pages.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        // Named vendor chunks, cached across deploys of our own code. The form engine's libraries
        // load only with the funnel; the home page gets the react chunk and the shell.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
            // Not ajv: the funnel runs the server's precompiled validators (engine/precompiled.ts) with two
            // of ajv's runtime helpers; the compiler itself is only in development's live preview chunk.
            { name: "form-engine", test: /node_modules[\\/](@rjsf[\\/](core|utils)|json-logic-engine|markdown-to-jsx|fast-deep-equal|@x0k|lodash|lodash-es|fast-equals|jsonpointer|nanoid)[\\/]|node_modules[\\/]ajv[\\/]dist[\\/]runtime[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { "/api": { target: process.env.API_ORIGIN ?? "http://127.0.0.1:3000", changeOrigin: false } },
  },
});
