// The Hono app. For now it serves the definitions overview; the tRPC API and the web app come
// with the server and web issues.
import { Hono } from "hono";
import type { Definitions } from "../engine/definitions";
import { definitionsPage } from "./definitions-page";

export function createApp(defs: Definitions) {
  const app = new Hono();
  app.get("/", (c) => c.html(definitionsPage(defs)));
  app.get("/api/definitions", (c) =>
    c.json({
      flows: [...defs.flows.values()].map(({ def }) => def),
      steps: [...defs.steps.values()].map(({ def }) => ({ id: def.id, route: def.route, label: def.label, rank: def.rank })),
      ruleSets: [...defs.ruleSets.values()].map(({ def }) => ({ id: def.id, title: def.title, rules: (def.rules ?? []).map((r) => ({ id: r.id, description: r.description })) })),
    }),
  );
  return app;
}
