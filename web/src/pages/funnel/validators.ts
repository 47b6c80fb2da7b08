// The validators the server compiled for the definitions this page runs (/api/validators, see
// engine/ship/precompile.ts): the guards' with the definitions, each step's before it shows. The page
// never compiles a schema (its CSP has no 'unsafe-eval'). A version the server no longer serves
// (the definitions were reloaded since) fails to load: the page then fetches the new definitions.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Definitions } from "@engine/definitions/definitions";
import {
  guardModules,
  linkPrecompiled,
  modulesForStep,
  PrecompiledValidators,
  type ModuleName,
  type PrecompiledModule,
} from "@engine/validation/precompiled";

/** Every query of definitions (the bundle, a page's files, a step's): invalidated together when another version serves. */
export const DEFINITIONS_KEY = [["definitions"]];

interface Loaded {
  version: string;
  validators: PrecompiledValidators;
  modules: Map<ModuleName, Promise<void>>;
}

const byDefs = new WeakMap<Definitions, Loaded>();
/** The validators of the version served now: every set built of that version (a funnel page builds one per step it adds) shares them. */
let current: Loaded | null = null;

/** The precompiled validators of the definitions of `version`: the compiler to build them with. */
export function precompiledFor(version: string): {
  validators: PrecompiledValidators;
  attach(defs: Definitions): void;
} {
  if (current?.version !== version)
    current = { version, validators: new PrecompiledValidators(), modules: new Map() };
  const loaded = current;
  return { validators: loaded.validators, attach: (defs) => byDefs.set(defs, loaded) };
}

/** Loads `names` for the definitions of `version` (the server listed them with a step's files). */
export function loadModulesOf(version: string, names: ModuleName[]): Promise<void> {
  return current?.version === version ? loadInto(current, names) : Promise.resolve();
}

/** Loads `names` (each once per definitions version; a failed one is tried again next time). */
function load(defs: Definitions, names: ModuleName[]): Promise<void> {
  const loaded = byDefs.get(defs);
  if (!loaded)
    return Promise.reject(new Error("these definitions were not built with precompiled validators"));
  return loadInto(loaded, names);
}

function loadInto(loaded: Loaded, names: ModuleName[]): Promise<void> {
  return Promise.all(
    names.map((name) => {
      let done = loaded.modules.get(name);
      if (!done) {
        const url = `/api/validators/${encodeURIComponent(loaded.version)}/${name}.js`;
        done = (import(/* @vite-ignore */ url) as Promise<PrecompiledModule>)
          .then(linkPrecompiled)
          .then((v) => loaded.validators.add(v));
        done.catch(() => loaded.modules.delete(name));
        loaded.modules.set(name, done);
      }
      return done;
    }),
  ).then(() => undefined);
}

/** The guards' validators (engine/funnel/funnel.ts runs them on every funnel page). */
export const loadGuardValidators = (defs: Definitions) => load(defs, guardModules(defs));

/** A step's validators, fetched ahead: the next step's as the save returns, beside its data. */
export const loadStepValidators = (defs: Definitions, stepId: string) =>
  load(defs, modulesForStep(defs, stepId));

/** Whether the step's validators are loaded; a failure fetches the definitions again (another version serves now). */
export function useStepValidators(
  defs: Definitions,
  stepId: string,
): { ready: boolean; error: unknown; retry(): void } {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ["validators", byDefs.get(defs)?.version, stepId],
    queryFn: () => loadStepValidators(defs, stepId).then(() => true),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  return {
    ready: query.isSuccess,
    error: query.error,
    retry: () =>
      void queryClient.invalidateQueries({ queryKey: DEFINITIONS_KEY }).then(() => query.refetch()),
  };
}
