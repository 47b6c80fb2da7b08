// Development tools' API, mounted at /api/dev only when config.dev (never in production): the
// definition files read fresh from the server's folders on every call, so the live step preview
// and the funnel map (web/src/pages/dev/) follow edits on disk without a restart; and a sample
// application to render steps with. GET only, behind the X-Same-Origin guard like the rest of /api.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { Hono } from "hono";
import type { Problem } from "../../engine/definitions";
import { loadDefinitions, REPO_ROOT, type DefinitionDirs } from "../../engine/load";
import { requireSameOriginHeader } from "../security/guards";
import type { Services } from "../services";

export const SAMPLE_APPLICATION = join(REPO_ROOT, "server/demo/application.two-borrowers.json");

/** What the browser builds its Definitions from (as definitions.bundle), plus the linter's findings. */
export interface DevDefinitions {
  version: string;
  files: ReturnType<typeof loadDefinitions>["defs"]["files"];
  problems: Problem[];
}

function folders(dirs: DefinitionDirs): string[] {
  return [dirs.schemas ?? join(REPO_ROOT, "schemas"), dirs.steps ?? join(REPO_ROOT, "steps"), dirs.rules ?? join(REPO_ROOT, "rules")];
}

/** A hash of every .json file's path and bytes in the folders: cheap (no parsing), changes with any edit. */
export function contentVersion(dirs: DefinitionDirs): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return; // a folder being replaced: the next poll sees it
    }
    for (const name of names) {
      const full = join(dir, name);
      try {
        if (statSync(full).isDirectory()) walk(full);
        else if (name.endsWith(".json")) hash.update(`${full}\0`).update(readFileSync(full)).update("\0");
      } catch {}
    }
  };
  for (const dir of folders(dirs)) walk(dir);
  return hash.digest("hex").slice(0, 16);
}

export function createDevRoutes(services: Services, dirs: DefinitionDirs = definitionDirsOf(services)) {
  const routes = new Hono();
  let last: DevDefinitions | null = null;

  routes.use("*", requireSameOriginHeader);

  // ?since=<version> or If-None-Match: "<version>" → 304 while nothing changed (polled every 500 ms).
  routes.get("/definitions", (c) => {
    const version = contentVersion(dirs);
    const known = c.req.query("since") ?? c.req.header("if-none-match")?.replace(/^W\//, "").replace(/"/g, "");
    c.header("Cache-Control", "no-store");
    c.header("ETag", `"${version}"`);
    if (known === version) return c.body(null, 304);
    if (last?.version !== version) {
      const { defs, problems } = loadDefinitions(dirs);
      last = { version, files: defs.files, problems };
    }
    return c.json(last);
  });

  // The two-borrower fixture; ?who=single leaves the co-borrower out.
  routes.get("/sample", (c) => {
    const application = JSON.parse(readFileSync(SAMPLE_APPLICATION, "utf8")) as Record<string, unknown>;
    if (c.req.query("who") === "single") {
      delete application.coborrower;
      if (application.setup && typeof application.setup === "object") (application.setup as Record<string, unknown>).hasCoborrower = false;
    }
    c.header("Cache-Control", "no-store");
    return c.json(application);
  });

  routes.on(["POST", "PUT", "PATCH", "DELETE"], "*", (c) => c.json({ error: { code: "METHOD_NOT_SUPPORTED", message: "The development API answers GET only" } }, 405));
  return routes;
}

/** The folders the server loaded its definitions from (config.definitions); absent, the repository's. */
const definitionDirsOf = (services: Services): DefinitionDirs => services.config.definitions ?? {};
