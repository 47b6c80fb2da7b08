// Shapes of parsed JSON, for code that walks definitions and answers without knowing them.

/** A JSON object: not null, not a list. */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);
