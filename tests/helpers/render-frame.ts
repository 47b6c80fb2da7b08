// Renders the site's frame and the portal's (web/src/shell/Layout.tsx, PortalLayout.tsx) through
// the web build's own Vite config and plugins, and prints their HTML as JSON: what a page of the
// built site shows around its content, for the lender profile this process was started with
// (LENDER_PROFILE). Run in a child process by tests/definitions/web-lender-frame.test.ts.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createServer } from "vite";

const server = await createServer({
  configFile: "web/vite.config.ts",
  logLevel: "silent",
  appType: "custom",
  server: { middlewareMode: true, hmr: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const { MemoryRouter } = await import("react-router-dom");
  const { SessionProvider } = (await server.ssrLoadModule("/src/session/session.tsx")) as {
    SessionProvider: (props: { children: unknown }) => unknown;
  };
  const frames = {
    site: ["/src/shell/Layout.tsx", "Layout", "/"],
    portal: ["/src/pages/portal/PortalLayout.tsx", "default", "/portal"],
  } as const;
  const out: Record<string, string> = {};
  for (const [name, [file, exported, path]] of Object.entries(frames)) {
    const frame = (await server.ssrLoadModule(file))[exported] as () => unknown;
    out[name] = renderToString(
      createElement(
        MemoryRouter,
        { initialEntries: [path] },
        createElement(SessionProvider as never, null, createElement(frame as never)),
      ),
    );
  }
  console.log(JSON.stringify(out));
} finally {
  await server.close();
}
