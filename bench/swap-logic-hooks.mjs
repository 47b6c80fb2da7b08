// Module resolution hook for bench/swap-logic.mjs: the server's evaluator (json-logic-engine) resolves
// to the browser's (json-logic-js), as the web build resolves it (web/vite.config.ts).
const server = new URL("../engine/logic/logic.ts", import.meta.url).href;
const browser = new URL("../engine/logic/logic-js.ts", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  return resolved.url.split("?")[0] === server ? { ...resolved, url: browser } : resolved;
}
