// Fluent UI's input components, each in its own chunk, loaded per kind of field a step shows
// (a first funnel page asks two text fields and should not load every widget's component).
// Before a step shows, its page loads what it asks (loadStepChunks, from its answer schema and UI
// schema); a widget whose chunk is not in yet renders nothing for the moment it takes to arrive
// (a step the reckoning below misjudged), never an error.
import { Suspense, use, type ComponentType, type JSX } from "react";
import type { ChunkName } from "./chunk-names";

export { chunksForStep, type ChunkName } from "./chunk-names";

const loaders = {
  input: () => import("./chunks/input"),
  textarea: () => import("./chunks/textarea"),
  select: () => import("./chunks/select"),
  checkbox: () => import("./chunks/checkbox"),
  radio: () => import("./chunks/radio"),
  spinner: () => import("./chunks/spinner"),
};

type Chunks = { [K in ChunkName]: Awaited<ReturnType<(typeof loaders)[K]>> };

const loaded: Partial<Chunks> = {};
const loading = new Map<ChunkName, Promise<unknown>>();

/** Loads a chunk once (a failed load is tried again next time). */
export function loadChunk<K extends ChunkName>(name: K): Promise<Chunks[K]> {
  if (loaded[name]) return Promise.resolve(loaded[name]);
  let promise = loading.get(name) as Promise<Chunks[K]> | undefined;
  if (!promise) {
    promise = (loaders[name]() as Promise<Chunks[K]>).then((module) => (loaded[name] = module));
    promise.catch(() => loading.delete(name));
    loading.set(name, promise);
  }
  return promise;
}

/** Whether every one of `names` is loaded already. */
export const chunksLoaded = (names: Iterable<ChunkName>): boolean =>
  [...names].every((name) => loaded[name] !== undefined);

export const loadChunks = (names: Iterable<ChunkName>): Promise<void> =>
  Promise.all([...new Set(names)].map(loadChunk)).then(() => undefined);

/** A loaded chunk's components; only inside a component made by withChunks, which waits for it. */
export function chunk<K extends ChunkName>(name: K): Chunks[K] {
  const module = loaded[name];
  if (!module) throw new Error(`Fluent chunk "${name}" is not loaded`);
  return module;
}

/** `Inner` once `names` are loaded: at once when they are (a step's page loaded them first), else after a moment showing nothing. */
export function withChunks<P extends object>(
  names: ChunkName[],
  Inner: ComponentType<P>,
): (props: P) => JSX.Element {
  function Waiting(props: P) {
    for (const name of names) if (!loaded[name]) use(loadChunk(name));
    return <Inner {...props} />;
  }
  return function WithChunks(props: P) {
    return (
      <Suspense fallback={null}>
        <Waiting {...props} />
      </Suspense>
    );
  };
}
