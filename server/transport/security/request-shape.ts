// Limits on the shape of a tRPC request, checked before its bot-check token is spent and before
// tRPC parses it: a batch names at most MAX_BATCH procedures, at most one of them a mutation (so
// one bot-check token admits one write), the input is nested at most MAX_DEPTH levels (a deeper
// value overflowed the stack of the code that reads it) and holds no list longer than any schema
// allows (a list bomb is refused before it costs a parse). Each refusal is a 400 in tRPC's error
// shape that says which limit was met.
import type { Context } from "hono";
import type { Check, Refuse } from "./guards";

export const MAX_BATCH = 16;
/** The deepest real input (a mortgage of another owned property, in a batch) is under 10 levels. */
export const MAX_DEPTH = 32;
/** Above every list a schema allows (the longest, an application's uploads, is 500). */
export const MAX_LIST = 1_000;

/**
 * What is wrong with JSON text's shape, read in one pass without parsing it: more than `depth`
 * arrays or objects inside each other, or an array of more than `items` entries (text in strings
 * does not count). Null when neither; text that is not JSON is left to the parser.
 */
export function jsonShapeProblem(
  text: string,
  { depth: maxDepth, items: maxItems }: { depth: number; items: number },
): "too-deep" | "list-too-long" | null {
  const commas = new Int32Array(maxDepth + 1); // per open container: commas so far (-1: an object)
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return "too-deep";
      commas[depth] = c === 0x5b ? 0 : -1;
    } else if (c === 0x5d || c === 0x7d) depth = Math.max(0, depth - 1);
    else if (c === 0x2c && depth > 0 && commas[depth]! >= 0 && ++commas[depth]! >= maxItems)
      return "list-too-long";
  }
  return null;
}

/** Each procedure's path and kind (query, mutation), read from a tRPC router. */
export const procedureKinds = (router: { _def: { procedures: object } }): ReadonlyMap<string, string> =>
  new Map(
    Object.entries(router._def.procedures as Record<string, { _def: { type: string } }>).map(([path, p]) => [
      path,
      p._def.type,
    ]),
  );

/** The procedures that must come alone in a request (meta `alone`: the impact report, a rollback). */
export const aloneProcedures = (router: { _def: { procedures: object } }): ReadonlySet<string> =>
  new Set(
    Object.entries(router._def.procedures as Record<string, { _def: { meta?: { alone?: boolean } } }>)
      .filter(([, p]) => p._def.meta?.alone)
      .map(([path]) => path),
  );

/**
 * `procedures`: each procedure path's kind (query, mutation), from the router; `alone`: those a
 * batch may carry only by themselves (each costs seconds of the definitions worker's time: 16 in
 * one batch would queue 16 of them behind one request).
 */
export function trpcRequestShape(
  procedures: ReadonlyMap<string, string>,
  refuse: Refuse,
  endpoint = "/api/trpc",
  alone: ReadonlySet<string> = new Set(),
): Check {
  const inputProblem = (c: Context, input: string) => {
    const problem = jsonShapeProblem(input, { depth: MAX_DEPTH, items: MAX_LIST });
    if (problem === "too-deep")
      return refuse(c, 400, problem, `The request's input is nested more than ${MAX_DEPTH} levels deep.`);
    if (problem === "list-too-long")
      return refuse(
        c,
        400,
        problem,
        `The request's input holds a list of more than ${MAX_LIST.toLocaleString("en-US")} entries.`,
      );
    return null;
  };
  return (c) => {
    const raw = c.req.path.slice(endpoint.length + 1);
    let decoded = raw;
    try {
      decoded = decodeURIComponent(raw);
    } catch {}
    const paths = decoded.split(",");
    if (paths.length > MAX_BATCH)
      return refuse(
        c,
        400,
        "batch-too-large",
        `A request may batch at most ${MAX_BATCH} calls; this one has ${paths.length}.`,
      );
    if (paths.length > 1 && paths.some((path) => alone.has(path)))
      return refuse(
        c,
        400,
        "alone-in-batch",
        `${paths.find((path) => alone.has(path))} must be the only call of its request; this one has ${paths.length}.`,
      );
    const writes = paths.filter((path) => procedures.get(path) === "mutation").length;
    if (writes > 1)
      return refuse(
        c,
        400,
        "one-write-per-request",
        `A request may carry one change at most (each needs its own bot-check token); this one has ${writes}.`,
      );
    if (c.req.method === "GET") return inputProblem(c, c.req.query("input") ?? "");
    return c.req.text().then(
      (text) => inputProblem(c, text),
      () => inputProblem(c, ""),
    );
  };
}
