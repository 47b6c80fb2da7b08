// The definitions (schemas, steps, rules) in the browser: fetched from the server once per page
// load and built with the same engine code the server runs, once per version, with the validators
// the server compiled for that version (validators.ts) in place of a schema compiler.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { buildDefinitions, type DefinitionFiles, type Definitions } from "../../../../engine/definitions";
import { trpc } from "../../api/trpc";
import { takeEarlyDefinitions } from "../../app/early-funnel";
import { loadGuardValidators, precompiledFor } from "./validators";

const built = new Map<string, Definitions>();

/** How long the last build took, for the record (read it in the console: window.__helocDefsBuildMs). */
function definitionsFor(version: string, files: DefinitionFiles): Definitions {
  let defs = built.get(version);
  if (!defs) {
    const started = performance.now();
    const precompiled = precompiledFor(version);
    const result = buildDefinitions(files, { trusted: true, compiler: () => precompiled.validators.asCompiler() });
    (window as unknown as { __helocDefsBuildMs?: number }).__helocDefsBuildMs = Math.round(performance.now() - started);
    // The server refuses to start with problems, so any here mean a version mix-up: say so, go on.
    if (result.problems.length) console.warn(`definitions ${version}: ${result.problems.length} problem(s)`, result.problems);
    defs = result.defs;
    precompiled.attach(defs);
    built.clear();
    built.set(version, defs);
  }
  return defs;
}

export function useDefinitions(): { defs: Definitions | null; error: unknown; retry(): void } {
  // Definitions are public and versioned, not personal data: unlike the §7 defaults, they are
  // fetched once per page load and kept, instead of on every step.
  const options = trpc.definitions.bundle.queryOptions({});
  // The first fetch may be the one the entry script started (app/early-funnel.ts); if it failed, tRPC's.
  type Bundle = Awaited<ReturnType<NonNullable<typeof options.queryFn>>>;
  const queryFn: typeof options.queryFn = async (context) => {
    const early = takeEarlyDefinitions() as Promise<Bundle> | null;
    return early ? early.catch(() => options.queryFn!(context)) : options.queryFn!(context);
  };
  const query = useQuery({ ...options, queryFn, staleTime: Infinity, gcTime: Infinity, refetchOnMount: false });
  const defs = query.data ? definitionsFor(String(query.data.version), query.data.files as DefinitionFiles) : null;
  // The guards every funnel page runs validate their input with the server's code too.
  const guards = useQuery({
    queryKey: ["validators", query.data?.version, "guards"],
    queryFn: () => loadGuardValidators(defs!).then(() => true),
    enabled: defs !== null,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  return {
    defs: guards.isSuccess ? defs : null,
    error: query.error ?? guards.error,
    retry: () => void (query.error ? query.refetch() : query.refetch().then(() => guards.refetch())),
  };
}

/**
 * The definitions version a step was served under (step.get's definitionsVersion). When the server
 * runs another set than this page loaded (a reload while the applicant was on a page), the bundle
 * is fetched again and the page renders with it: the new version shows from the next step on.
 */
export function useServedDefinitions(served: string | undefined): void {
  const queryClient = useQueryClient();
  const loaded = queryClient.getQueryData(trpc.definitions.bundle.queryKey({}))?.version;
  useEffect(() => {
    if (served && loaded !== undefined && String(loaded) !== served) void queryClient.invalidateQueries({ queryKey: trpc.definitions.bundle.queryKey() });
  }, [served, loaded, queryClient]);
}
