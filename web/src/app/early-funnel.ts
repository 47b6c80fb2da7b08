// A funnel page opened from the address bar waits on three things in turn: the shell's code, the
// funnel's code (fetched once the router has run), then the page's definitions (fetched once that
// code has run). Started by the entry script, all three load side by side: the definitions at
// once, the code once the page's HTML has painted (main.tsx). Only on funnel pages: home and the
// other pages fetch none of it.
import { loadFunnelPage } from "./chunks";

/** The routes FunnelPage renders (routes.tsx). */
const FUNNEL_PATH =
  /^\/(?:app\/(?:initial-setup|application)\/[^/]+|app\/upload|app\/bank-statement|prequal\/[^/]+)\/?$/;

/** The page's definitions (definitions.page) as the tRPC client asks for them alone (GET, batch of one). */
const pageUrl = (route: string) =>
  `/api/trpc/definitions.page?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { route } }))}`;

let bundle: Promise<unknown> | null = null;

/** The funnel's code, asked for once the page's HTML has painted (main.tsx), beside the app's. */
export function startFunnelCode(path: string): void {
  if (!FUNNEL_PATH.test(path)) return;
  void import("./PageProviders").catch(() => undefined); // a failure shows when the route loads it
  void loadFunnelPage().catch(() => undefined);
}

export function startFunnelEarly(path: string): void {
  if (!FUNNEL_PATH.test(path)) return;
  bundle = fetch(pageUrl(path), { headers: { "X-Same-Origin": "1" }, credentials: "same-origin" })
    .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`definitions: ${res.status}`))))
    .then((body: unknown) => (body as [{ result: { data: unknown } }])[0].result.data);
  bundle.catch(() => undefined); // the funnel asks again through tRPC
}

/** The page's definitions fetched early, once (a later fetch, after a reload of the definitions, goes through tRPC); null when none was. */
export function takeEarlyDefinitions(): Promise<unknown> | null {
  const taken = bundle;
  bundle = null;
  return taken;
}
