// The browser's validators for the definitions this server runs (engine/ship/precompile.ts): an ES
// module per step and per rule set input, at /api/validators/<definitions version>/<step|rules>/<id>.js.
// A page that loaded another version (the definitions were reloaded meanwhile) gets a 404 and
// leaves judging that step to the server until it has the new definitions.
import { createHash } from "node:crypto";
import { Hono } from "hono";
import { precompiledModule } from "@engine/ship/precompile";
import type { Services } from "@server/services";

export function createValidatorRoutes(services: Services) {
  const app = new Hono();
  app.get("/:version/:kind/:file", (c) => {
    const { version, kind, file } = c.req.param();
    const id = file.endsWith(".js") ? file.slice(0, -3) : null;
    const notFound = (message: string) => c.json({ error: { code: "NOT_FOUND", message } }, 404);
    if (version !== services.definitionsVersion)
      return notFound(`Definitions ${version} are not the ones served (${services.definitionsVersion}).`);
    const code =
      id && (kind === "step" || kind === "rules") ? precompiledModule(services.defs, `${kind}/${id}`) : null;
    if (code === null) return notFound(`No validator ${kind}/${file}.`);
    // The version names the definitions, not this server's code: revalidated, not kept blindly.
    const etag = `"${createHash("sha256").update(code).digest("base64url").slice(0, 16)}"`;
    c.header("Cache-Control", "no-cache");
    c.header("ETag", etag);
    // Compressed, the ETag goes out weak (hono/compress) and comes back so.
    const known = (c.req.header("if-none-match") ?? "")
      .split(",")
      .map((tag) => tag.trim().replace(/^W\//, ""));
    if (known.includes(etag)) return c.body(null, 304);
    return c.body(code, 200, {
      "Content-Type": "text/javascript; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(code)),
    });
  });
  return app;
}
