/**
 * `doc` with each of its answers (every scalar, however deep) replaced in turn by each of `wrongs`
 * it does not already hold: one document per replacement, the rest shared with `doc`.
 */
export function wrongAnswers(doc: unknown, wrongs: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  const walk = (node: unknown, replace: (value: unknown) => unknown) => {
    if (node !== null && typeof node === "object")
      for (const [key, value] of Object.entries(node))
        walk(value, (v) =>
          replace(
            Array.isArray(node) ? node.map((x, i) => (String(i) === key ? v : x)) : { ...node, [key]: v },
          ),
        );
    else for (const wrong of wrongs) if (wrong !== node) out.push(replace(wrong));
  };
  walk(doc, (v) => v);
  return out;
}
