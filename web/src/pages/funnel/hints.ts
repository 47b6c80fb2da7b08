// Prefills from answers given before the funnel (content/funnel-hints.json): each hint fills
// its field in the application the form starts from, only where the application has no answer.
// The applicant still sees and submits the field like any other. Pure: unit-tested in node.
import hintsFile from "@content/funnel-hints.json";
import { getAt, splitPointer } from "@engine/base/pointer";

function setAt(doc: Record<string, unknown>, pointer: string, value: unknown) {
  const keys = splitPointer(pointer);
  let node = doc;
  keys.slice(0, -1).forEach((key) => {
    const next = node[key];
    node = node[key] =
      next && typeof next === "object" && !Array.isArray(next)
        ? { ...(next as Record<string, unknown>) }
        : {};
  });
  node[keys.at(-1)!] = value;
}

/** `read` gives the stored hint of a key (the shell reads sessionStorage); pure otherwise. */
export function withHints(application: unknown, read: (key: string) => string | null): unknown {
  const base =
    application && typeof application === "object" && !Array.isArray(application) ? application : {};
  let out: Record<string, unknown> | null = null;
  for (const { storageKey, pointer } of hintsFile.hints) {
    const value = read(storageKey);
    if (value === null || getAt(base, pointer) !== undefined) continue;
    out ??= { ...(base as Record<string, unknown>) };
    setAt(out, pointer, value);
  }
  return out ?? application;
}
