// A read-only page of the funnel and rule definitions, for product ops and compliance.
import type { Definitions } from "@engine/definitions/definitions";

const esc = (text: unknown) =>
  String(text).replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

export function definitionsPage(defs: Definitions): string {
  // Flows in funnel order: the one whose first step ranks lowest comes first.
  const firstRank = (flow: { variants: { steps: string[] }[] }) =>
    defs.steps.get(flow.variants[0]?.steps[0] ?? "")?.def.rank ?? Infinity;
  const flows = [...defs.flows.values()]
    .sort((a, b) => firstRank(a.def) - firstRank(b.def))
    .map(
      ({ def: flow }) => `
    <section><h2>Flow: ${esc(flow.id)}</h2><p>${esc(flow.description)}</p>
    ${flow.variants
      .map(
        (v) => `<h3>${esc(v.id)}${v.description ? ` (${esc(v.description)})` : ""}</h3>
      <div class="scroll" role="region" aria-label="${esc(flow.id)} ${esc(v.id)} steps" tabindex="0"><table><thead><tr><th scope="col">#</th><th scope="col">Rank</th><th scope="col">Status</th><th scope="col">Label</th><th scope="col">Route</th></tr></thead><tbody>
      ${v.steps
        .map((id, i) => {
          const step = defs.steps.get(id)?.def;
          return `<tr><td>${i + 1}</td><td>${esc(step?.rank ?? "")}</td><td><code>${esc(id)}</code></td><td>${esc(step?.label ?? "")}</td><td><code>${esc(step?.route ?? "")}</code></td></tr>`;
        })
        .join("")}
      </tbody></table></div>`,
      )
      .join("")}
    </section>`,
    )
    .join("");
  const rules = [...defs.ruleSets.values()]
    .map(
      ({ file, def }) => `
    <section><h2>${esc(def.title)} <small><code>${esc(file)}</code></small></h2><p>${esc(def.description)}</p>
    ${(def.rules ?? []).length ? `<dl>${(def.rules ?? []).map((r) => `<dt><code>${esc(r.id)}</code></dt><dd>${esc(r.description)}</dd>`).join("")}</dl>` : ""}
    </section>`,
    )
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>HELOC funnel definitions</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 70rem; padding: 0 1rem; color: #222; }
  table { border-collapse: collapse; margin: .5rem 0 1.5rem; } th, td { border: 1px solid #ccc; padding: .3rem .6rem; text-align: left; }
  code { background: #f3f3f3; padding: 0 .2rem; } small { font-weight: normal; } dt { margin-top: .6rem; }
  a:focus-visible, .scroll:focus-visible { outline: 3px solid #1a5fb4; }
  .scroll { overflow-x: auto; max-width: 100%; }
</style></head>
<body><main>
<h1>HELOC funnel definitions</h1>
<p>Every screen and rule below is read from <code>steps/</code> and <code>rules/</code>. The application pages and API arrive with the server and web work; JSON is at <a href="/api/definitions">/api/definitions</a>.</p>
${flows}
<h2>Rule sets</h2>
${rules}
</main></body></html>`;
}
