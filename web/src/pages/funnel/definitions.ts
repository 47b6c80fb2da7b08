// The definitions (schemas, steps, rules) in the browser, built with the same engine code the
// server runs, with the validators the server compiled for that version (validators.ts) in place
// of a schema compiler.
//
// A funnel page (usePageDefinitions) is sent only what it needs (engine/ship/page-files.ts): on its
// first load, every flow, its own step whole and the other steps outlined; each further step's
// own files as the applicant reaches it (fetched ahead as Next's save returns, and for the steps
// that may follow when the page is idle). The parts join one set of files per version; a set is
// built again only when a page needs a step the last build has not whole, so the page on screen
// keeps its build. The portal's pages read every file (useDefinitions, definitions.bundle).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { buildDefinitions, type DefinitionFiles, type Definitions } from "@engine/definitions/definitions";
import type { ModuleName } from "@engine/validation/precompiled";
import { trpc, trpcClient } from "@web/src/api/trpc";
import { takeEarlyDefinitions } from "@web/src/app/early-funnel";
import { applyLanguage } from "./language";
import { stepForRoute } from "./step-routes";
import {
  DEFINITIONS_KEY,
  loadGuardValidators,
  loadModulesOf,
  loadStepValidators,
  precompiledFor,
} from "./validators";

const built = new Map<string, Definitions>();

/** How long the last build took, for the record (read it in the console: window.__helocDefsBuildMs). */
function definitionsFor(version: string, files: DefinitionFiles, cached = true): Definitions {
  let defs = cached ? built.get(version) : undefined;
  if (!defs) {
    const started = performance.now();
    const precompiled = precompiledFor(version);
    const result = buildDefinitions(files, {
      trusted: true,
      compiler: () => precompiled.validators.asCompiler(),
    });
    (window as unknown as { __helocDefsBuildMs?: number }).__helocDefsBuildMs = Math.round(
      performance.now() - started,
    );
    // The server refuses to start with problems, so any here mean a version mix-up: say so, go on.
    if (result.problems.length)
      console.warn(`definitions ${version}: ${result.problems.length} problem(s)`, result.problems);
    defs = result.defs;
    precompiled.attach(defs);
    if (cached) {
      built.clear();
      built.set(version, defs);
    }
  }
  return defs;
}

/** The guards every funnel page runs validate their input with the server's code too: theirs, loaded once per version. */
function useGuardValidators(version: string | number | undefined, defs: Definitions | null) {
  return useQuery({
    queryKey: ["validators", version, "guards"],
    queryFn: () => loadGuardValidators(defs!).then(() => true),
    enabled: defs !== null,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
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
  const query = useQuery({
    ...options,
    queryFn,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
  });
  const defs = query.data
    ? definitionsFor(String(query.data.version), query.data.files as DefinitionFiles)
    : null;
  const guards = useGuardValidators(query.data?.version, defs);
  return {
    defs: guards.isSuccess ? defs : null,
    error: query.error ?? guards.error,
    retry: () => void (query.error ? query.refetch() : query.refetch().then(() => guards.refetch())),
  };
}

/** A step's files came from another definitions version than the page's: the page starts again from the one served now. */
class VersionChanged extends Error {}

/** What definitions.page answers: files of one version, the steps they hold whole, and those steps' validator modules. */
type PageCut = Awaited<ReturnType<typeof trpcClient.definitions.page.query>>;

/** One version's files as a funnel page has gathered them, and the last build of them. */
class PageFiles {
  readonly files: DefinitionFiles;
  private whole: Set<string> | "all";
  private built: { defs: Definitions; whole: Set<string> | "all" } | null = null;
  /** Steps whose files are on the way or in, by id. */
  private readonly parts = new Map<string, Promise<void>>();

  constructor(
    readonly version: string,
    first: PageCut,
  ) {
    this.files = {
      schemas: { ...first.files.schemas },
      steps: { ...first.files.steps },
      rules: { ...first.files.rules },
    };
    this.whole = first.whole === "all" ? "all" : new Set(first.whole);
    // The page's language came with its definitions: its words, <html lang>, how numbers read.
    this.words = first.words;
    applyLanguage(first.locale, first.words);
  }

  private readonly words: PageCut["words"];

  has(stepId: string): boolean {
    return this.whole === "all" || this.whole.has(stepId);
  }

  private add(cut: PageCut): void {
    if (String(cut.version) !== this.version)
      throw new VersionChanged(`definitions ${String(cut.version)} came for a page of ${this.version}`);
    if (cut.whole === "all") {
      Object.assign(this.files, {
        schemas: cut.files.schemas,
        steps: cut.files.steps,
        rules: cut.files.rules,
      });
      this.whole = "all";
      return;
    }
    Object.assign(this.files.schemas, cut.files.schemas);
    Object.assign(this.files.steps, cut.files.steps);
    Object.assign(this.files.rules, cut.files.rules);
    if (this.whole !== "all") for (const id of cut.whole) this.whole.add(id);
  }

  /** Fetches a step's own files (once; a failure is tried again next time), and then its validators. */
  fetchStep(stepId: string): Promise<void> {
    if (this.has(stepId)) return Promise.resolve();
    let part = this.parts.get(stepId);
    if (!part) {
      part = trpcClient.definitions.page.query({ stepId }).then((cut) => {
        this.add(cut);
        void loadModulesOf(this.version, cut.modules as ModuleName[]).catch(() => undefined); // the step's page reports a failure
      });
      part.catch(() => this.parts.delete(stepId));
      this.parts.set(stepId, part);
    }
    return part;
  }

  /** A build holding `stepId` whole (null: the page has no step): the last one when it does, else a new one. */
  defsFor(stepId: string | null): Definitions {
    const built = this.built;
    if (built && (stepId === null || built.whole === "all" || built.whole.has(stepId))) return built.defs;
    const whole = this.whole === "all" ? "all" : new Set(this.whole);
    const files = {
      schemas: { ...this.files.schemas },
      steps: { ...this.files.steps },
      rules: { ...this.files.rules },
    };
    const defs = definitionsFor(this.version, files, false);
    defs.words = this.words;
    this.built = { defs, whole };
    return this.built.defs;
  }
}

let pageFiles: { cut: PageCut; files: PageFiles } | null = null;
/** The gathered files of the page's definitions, one set per answer of definitions.page by route (a new version starts anew). */
function pageFilesOf(cut: PageCut): PageFiles {
  if (pageFiles?.cut !== cut) pageFiles = { cut, files: new PageFiles(String(cut.version), cut) };
  return pageFiles.files;
}

/** Fetches ahead the files (and validators) of a step the page may go to next; nothing when the page's definitions are not in yet. */
export function prefetchStepFiles(stepId: string): void {
  void pageFiles?.files.fetchStep(stepId).catch(() => undefined); // the step's page reports a failure
}

/**
 * The definitions of a funnel page at `path`: its step whole (its files fetched when the page does
 * not have them yet), with the guards' validators loaded. Null while they load.
 */
export function usePageDefinitions(path: string): {
  defs: Definitions | null;
  error: unknown;
  retry(): void;
} {
  // The first fetch may be the one the entry script started for this page (app/early-funnel.ts);
  // a later one (another version serves) asks for the page on screen then.
  const options = trpc.definitions.page.queryOptions({ route: "" });
  const page = useQuery({
    queryKey: options.queryKey,
    queryFn: async () => {
      const early = takeEarlyDefinitions() as Promise<PageCut> | null;
      const ask = () => trpcClient.definitions.page.query({ route: location.pathname });
      return early ? early.catch(ask) : ask();
    },
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
  });
  const files = page.data ? pageFilesOf(page.data) : null;
  const outline = files?.defsFor(null) ?? null;
  const stepId = outline ? (stepForRoute(outline, path)?.id ?? null) : null;
  const needed = files !== null && stepId !== null && !files.has(stepId);
  const part = useQuery({
    queryKey: [["definitions", "step"], files?.version, stepId],
    queryFn: () => files!.fetchStep(stepId!).then(() => true),
    enabled: needed,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  // The server reloaded its definitions before this step's files came (product ops changed them
  // while the applicant was on the page before): the page's definitions are fetched again, new.
  const queryClient = useQueryClient();
  const versionChanged = part.error instanceof VersionChanged;
  useEffect(() => {
    if (versionChanged) void queryClient.invalidateQueries({ queryKey: DEFINITIONS_KEY });
  }, [versionChanged, queryClient]);
  // (Read through the query's state, so its arrival renders the page: the query tracks what is read.)
  const stepIn = stepId === null || part.isSuccess || files?.has(stepId) === true;
  const defs = files && stepIn && (stepId === null || files.has(stepId)) ? files.defsFor(stepId) : null;
  const guards = useGuardValidators(files?.version, outline);
  return {
    defs: guards.isSuccess ? defs : null,
    error: page.error ?? (needed && !versionChanged ? part.error : null) ?? guards.error,
    retry: () => void (page.error ? page.refetch() : part.error ? part.refetch() : guards.refetch()),
  };
}

/**
 * The definitions version a step was served under (step.get's definitionsVersion). When the server
 * runs another set than this page loaded (a reload while the applicant was on a page), the page's
 * definitions are fetched again and the page renders with them: the new version shows from the
 * next step on.
 */
export function useServedDefinitions(served: string | undefined): void {
  const queryClient = useQueryClient();
  const loaded = queryClient.getQueryData(trpc.definitions.page.queryKey({ route: "" }))?.version;
  useEffect(() => {
    if (served && loaded !== undefined && String(loaded) !== served)
      void queryClient.invalidateQueries({ queryKey: DEFINITIONS_KEY });
  }, [served, loaded, queryClient]);
}

/** The steps that may follow `stepId`: the next in every flow variant listing it, and its branches' targets. */
function followingSteps(defs: Definitions, stepId: string): string[] {
  const next = new Set<string>();
  for (const { def: flow } of defs.flows.values())
    for (const { steps } of flow.variants) {
      const at = steps.indexOf(stepId);
      if (at !== -1 && at + 1 < steps.length) next.add(steps[at + 1]!);
    }
  for (const branch of defs.steps.get(stepId)?.def.next ?? [])
    if (typeof branch.goto === "string" && defs.steps.has(branch.goto)) next.add(branch.goto);
  return [...next];
}

/** Fetches, when the page is idle, the validators of the steps that may come next: Next then finds them here. */
export function prefetchFollowingValidators(defs: Definitions, stepId: string): () => void {
  const idle =
    (globalThis as { requestIdleCallback?: (f: () => void) => number }).requestIdleCallback ??
    ((f: () => void) => setTimeout(f, 200));
  let cancelled = false;
  idle(() => {
    if (cancelled) return;
    for (const id of followingSteps(defs, stepId)) {
      prefetchStepFiles(id); // a page's definitions hold the other steps outlined: their files, and the validators they list
      void loadStepValidators(defs, id).catch(() => undefined);
    }
  });
  return () => void (cancelled = true);
}
