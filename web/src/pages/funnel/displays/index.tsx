// Display-only layouts that step files name in `ui:widget` (e.g. "offerPreview"): content that is
// not a question, such as a computed offer or a disclosure text. Registered by name; StepForm
// places them, and gives a display component the `ui:options` of its place and the answers.
//
// Their code (and the Fluent components only they use) is one chunk, fetched when a step shows a
// display or at the visitor's first touch of the page, not with the funnel's first page, which
// shows none. A display renders nothing for the moment its chunk takes to arrive.
import { lazy, Suspense, type ComponentType } from "react";
import type { Display, DisplayProps } from "@engine/react/StepForm";
import { OBJECT_LAYOUTS } from "@engine/definitions/widget-names";

/** A display name of engine/definitions/widget-names.ts: every object layout but `address`, which the templates draw. */
export type DisplayName = Exclude<(typeof OBJECT_LAYOUTS)[number], "address">;
const DISPLAY_NAMES = OBJECT_LAYOUTS.filter((name): name is DisplayName => name !== "address");

let loading: Promise<typeof import("./registry")> | null = null;
/** The registry's chunk, fetched once. */
export const loadDisplays = () =>
  (loading ??= import("./registry").catch((error: unknown) => {
    loading = null; // a failed fetch is tried again next time
    throw error;
  }));

function lazyDisplay(name: DisplayName): ComponentType<DisplayProps> {
  const Lazy = lazy(async () => ({ default: (await loadDisplays()).displayComponents[name] }));
  const Shown = (props: DisplayProps) => (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
  Shown.displayName = `Display(${name})`;
  return Shown;
}

export const displays: Record<string, Display> = Object.fromEntries(
  DISPLAY_NAMES.map((name) => [name, lazyDisplay(name)]),
);

const INTENT_EVENTS = ["pointerdown", "keydown"] as const;

/** Fetches the displays at the visitor's first touch of the page, so a later step's display is ready. */
export function prefetchDisplaysOnIntent(): () => void {
  const fetchNow = () => {
    void loadDisplays().catch(() => undefined);
    stop();
  };
  const stop = () => {
    for (const event of INTENT_EVENTS) window.removeEventListener(event, fetchNow, true);
  };
  for (const event of INTENT_EVENTS)
    window.addEventListener(event, fetchNow, { capture: true, passive: true });
  return stop;
}
