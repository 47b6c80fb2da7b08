// Development tools' API, mounted at /api/dev only when config.dev (never in production): the
// definition files read fresh from the server's folders on every call, so the live step preview
// and the funnel map (web/src/pages/dev/) follow edits on disk without a restart; a sample
// application to render steps with; and the preview's Validate, which judges answers by step.submit's
// own checks and saves nothing. Behind the X-Same-Origin guard like the rest of /api.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Hono } from "hono";
import { answerBoundErrors } from "@engine/validation/answer-bounds";
import { todayIso } from "@engine/base/dates";
import type { Definitions, Problem } from "@engine/definitions/definitions";
import { REPO_ROOT, type DefinitionDirs } from "@engine/definitions/load";
import { servedDefinitions } from "../definitions/gate";
import { diskVersion } from "../definitions/disk-version";
import { WHOLE } from "@engine/funnel/members";
import { sensitiveFields } from "@engine/validation/sensitive";
import { refuseCrossSite, requireSameOriginHeader } from "@server/transport/security/guards";
import type { Services } from "@server/services";
import { judgedAnswers, mergedApplication } from "../steps/checked-answers";
import { handlerOf } from "../steps/effect-table";
import { Refusal } from "@server/features/refusal";

export const SAMPLE_APPLICATION = join(REPO_ROOT, "server/features/demo/application.two-borrowers.json");

/** What the browser builds its Definitions from (as definitions.bundle), plus the linter's findings. */
export interface DevDefinitions {
  version: string;
  files: Definitions["files"];
  problems: Problem[];
}

/** The version of the set on disk: every file of its folders hashed as a set's version is (no parsing). */
export const contentVersion = (dirs: DefinitionDirs): string => diskVersion(dirs);

export function createDevRoutes(services: Services, dirs: DefinitionDirs = definitionDirsOf(services)) {
  const routes = new Hono();
  let last: {
    version: string;
    result: Promise<DevDefinitions & { readonly defs: Definitions | null }>;
  } | null = null;
  /**
   * The definitions on disk now, checked in the definitions worker (seconds of its time, none of
   * this thread's: the first read after an edit used to stall every request for seconds), once per
   * version however many ask meanwhile.
   */
  const current = (version = contentVersion(dirs)) => {
    if (last?.version !== version)
      last = {
        version,
        result: services.definitionsGate.check(dirs).then((checked) => {
          let built: Definitions | undefined;
          return {
            version: checked.version,
            files: checked.files,
            problems: checked.problems,
            // Built only when the preview's Validate asks for it: a GET sends the files alone.
            get defs() {
              return checked.problems.length ? null : (built ??= servedDefinitions(checked));
            },
          };
        }),
      };
    const asked = last;
    // A worker that failed (it stopped, say) is asked again next time.
    asked.result.catch(() => {
      if (last === asked) last = null;
    });
    return last.result;
  };

  routes.use("*", requireSameOriginHeader);

  // ?since=<version> or If-None-Match: "<version>" → 304 while nothing changed (polled every 500 ms).
  routes.get("/definitions", async (c) => {
    const version = contentVersion(dirs);
    const known =
      c.req.query("since") ?? c.req.header("if-none-match")?.replace(/^W\//, "").replace(/"/g, "");
    c.header("Cache-Control", "no-store");
    c.header("ETag", `"${version}"`);
    if (known === version) return c.body(null, 304);
    const { files, problems } = await current(version);
    return c.json({ version, files, problems } satisfies DevDefinitions);
  });

  // The two-borrower fixture; ?who=single leaves the co-borrower out.
  routes.get("/sample", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(sampleApplication(c.req.query("who")));
  });

  // The preview's Validate: {stepId, answers, who} judged against the sample by step.submit's own
  // checks (answer bounds, the step's validator, the merge and the whole application's schema), so
  // "Valid" means a save would pass them. Effects that check stored records (a texted code) need a
  // real applicant: they are named, not run. Nothing is saved.
  routes.post("/validate", refuseCrossSite, async (c) => {
    const body = (await c.req.json().catch(() => null)) as {
      stepId?: unknown;
      answers?: unknown;
      who?: unknown;
    } | null;
    const { defs, problems } = await current();
    if (problems.length || !defs)
      return c.json({
        valid: false,
        errors: [
          {
            pointer: "",
            message: `The definitions on disk have ${problems.length} problem(s): npm run check`,
          },
        ],
      });
    const step = typeof body?.stepId === "string" ? defs.steps.get(body.stepId)?.def : undefined;
    if (!step)
      return c.json({ valid: false, errors: [{ pointer: "/stepId", message: "No step has this id" }] }, 400);
    const outOfBounds = answerBoundErrors(defs, step.id, body!.answers);
    if (outOfBounds.length) return c.json({ valid: false, errors: outOfBounds });
    const stored = sampleApplication(body!.who);
    const judge = { defs, sensitive: sensitiveFields(defs.files), step, today: todayIso(services.now()) };
    try {
      const judged = judgedAnswers(judge, stored, WHOLE, body!.answers);
      mergedApplication(judge, stored, judged);
      const notRun = (step.effects ?? [])
        .filter((effect) => handlerOf(effect).check)
        .map((effect) => effect.id);
      return c.json({ valid: true, answers: judged.answers, notRun });
    } catch (error) {
      if (error instanceof Refusal && error.fieldErrors)
        return c.json({ valid: false, errors: error.fieldErrors });
      throw error;
    }
  });

  routes.on(["POST", "PUT", "PATCH", "DELETE"], "*", (c) =>
    c.json({ error: { code: "METHOD_NOT_SUPPORTED", message: "The development API answers GET only" } }, 405),
  );
  return routes;
}

/** The sample application; `who` "single" leaves the co-borrower out. */
function sampleApplication(who: unknown): Record<string, unknown> {
  const application = JSON.parse(readFileSync(SAMPLE_APPLICATION, "utf8")) as Record<string, unknown>;
  if (who === "single") {
    delete application.coborrower;
    if (application.setup && typeof application.setup === "object")
      (application.setup as Record<string, unknown>).hasCoborrower = false;
  }
  return application;
}

/** The folders the server loaded its definitions from (config.definitions); absent, the repository's. */
const definitionDirsOf = (services: Services): DefinitionDirs => services.config.definitions ?? {};
