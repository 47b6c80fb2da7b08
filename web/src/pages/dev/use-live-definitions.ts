// The definitions as they are on the server's disk now, for the development tools: polls
// /api/dev/definitions every 500 ms (an unchanged version answers 304 with no body) and rebuilds
// the Definitions with the engine when the version changes. While the files have lint problems,
// no Definitions are built: the problems are shown instead.
import { useEffect, useState } from "react";
import { createAjv } from "@engine/definitions/ajv";
import {
  buildDefinitions,
  type DefinitionFiles,
  type Definitions,
  type Problem,
} from "@engine/definitions/definitions";
import { apiFetch } from "@web/src/api/api-fetch";

export const POLL_MS = 500;

export type LiveDefinitions =
  | { status: "loading" }
  /** The server has no development API (production): 404. */
  | { status: "off" }
  | { status: "failed"; message: string }
  | { status: "problems"; version: string; files: DefinitionFiles; problems: Problem[] }
  | { status: "ready"; version: string; files: DefinitionFiles; defs: Definitions; buildMs: number };

interface Body {
  version: string;
  files: DefinitionFiles;
  problems: Problem[];
}

function build(body: Body): LiveDefinitions {
  if (body.problems.length)
    return { status: "problems", version: body.version, files: body.files, problems: body.problems };
  const started = performance.now();
  // The server has linted these very files: no need to do it again here. Edited files have no
  // precompiled validators: the preview compiles them (development only, whose CSP allows it).
  const { defs } = buildDefinitions(body.files, { trusted: true, compiler: createAjv });
  return {
    status: "ready",
    version: body.version,
    files: body.files,
    defs,
    buildMs: Math.round(performance.now() - started),
  };
}

export function useLiveDefinitions(): LiveDefinitions {
  const [state, setState] = useState<LiveDefinitions>({ status: "loading" });

  useEffect(() => {
    let stopped = false;
    let version = "";
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const res = await apiFetch(
          `/api/dev/definitions${version ? `?since=${encodeURIComponent(version)}` : ""}`,
          { cache: "no-store" },
        );
        if (stopped) return;
        if (res.status === 404) return setState({ status: "off" }); // no more polling
        if (res.status === 200) {
          const body = (await res.json()) as Body;
          if (stopped) return;
          version = body.version;
          setState(build(body));
        } else if (res.status !== 304) {
          setState({ status: "failed", message: `The server answered ${res.status}` });
        }
      } catch (error) {
        // The server restarting: keep what is shown, try again.
        if (!version && !stopped) setState({ status: "failed", message: (error as Error).message });
      }
      if (!stopped) timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, []);

  return state;
}
