// Fluent UI's input components, each in its own chunk, loaded per kind of field a step shows
// (issue 24: the first funnel page asks two text fields, and loaded every widget's component).
// Before a step shows, its page loads what it asks (loadStepParts, from its answer schema and UI
// schema); a widget whose part is not in yet renders nothing for the moment it takes to arrive
// (a step the reckoning below misjudged), never an error.
import { Suspense, use, type ComponentType, type JSX } from "react";
import type { PartName } from "./part-names";

export { partsForStep, type PartName } from "./part-names";

const loaders = {
  input: () => import("./parts/input"),
  textarea: () => import("./parts/textarea"),
  select: () => import("./parts/select"),
  checkbox: () => import("./parts/checkbox"),
  radio: () => import("./parts/radio"),
  spinner: () => import("./parts/spinner"),
};

type Parts = { [K in PartName]: Awaited<ReturnType<(typeof loaders)[K]>> };

const loaded: Partial<Parts> = {};
const loading = new Map<PartName, Promise<unknown>>();

/** Loads a part once (a failed load is tried again next time). */
export function loadPart<K extends PartName>(name: K): Promise<Parts[K]> {
  if (loaded[name]) return Promise.resolve(loaded[name]);
  let promise = loading.get(name) as Promise<Parts[K]> | undefined;
  if (!promise) {
    promise = (loaders[name]() as Promise<Parts[K]>).then((module) => (loaded[name] = module));
    promise.catch(() => loading.delete(name));
    loading.set(name, promise);
  }
  return promise;
}

/** Whether every one of `names` is loaded already. */
export const partsLoaded = (names: Iterable<PartName>): boolean =>
  [...names].every((name) => loaded[name] !== undefined);

export const loadParts = (names: Iterable<PartName>): Promise<void> =>
  Promise.all([...new Set(names)].map(loadPart)).then(() => undefined);

/** A loaded part's components; only inside a component made by withParts, which waits for it. */
export function part<K extends PartName>(name: K): Parts[K] {
  const module = loaded[name];
  if (!module) throw new Error(`Fluent part "${name}" is not loaded`);
  return module;
}

/** `Inner` once `names` are loaded: at once when they are (a step's page loaded them first), else after a moment showing nothing. */
export function withParts<P extends object>(
  names: PartName[],
  Inner: ComponentType<P>,
): (props: P) => JSX.Element {
  function Waiting(props: P) {
    for (const name of names) if (!loaded[name]) use(loadPart(name));
    return <Inner {...props} />;
  }
  return function WithParts(props: P) {
    return (
      <Suspense fallback={null}>
        <Waiting {...props} />
      </Suspense>
    );
  };
}
