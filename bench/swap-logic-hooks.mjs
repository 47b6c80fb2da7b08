// Module resolution hook for bench/swap-logic.mjs.
const original = new URL("../engine/logic/logic.ts", import.meta.url).href;
const candidate = new URL("./reference-logic.ts", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  const url = resolved.url.split("?")[0];
  if (url === original && context.parentURL?.split("?")[0] !== candidate)
    return { ...resolved, url: candidate };
  return resolved;
}
