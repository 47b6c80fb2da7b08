// Display-only layouts that step files name in `ui:widget` (e.g. "offerPreview"): content that is
// not a question, such as a computed offer or a disclosure text. Registered by name; StepForm
// places them, and gives a display component the `ui:options` of its place and the answers.
//
// Their code (and the Fluent components only they use) is one chunk, fetched when a step shows a
// display or at the visitor's first touch of the page, not with the funnel's first page, which
// shows none. A display renders nothing for the moment its chunk takes to arrive.
import { lazy, Suspense, type ComponentType } from "react";
import type { WidgetProps } from "@rjsf/utils";
import type { Display, DisplayProps } from "@engine/react/StepForm";
import { OBJECT_LAYOUTS } from "@engine/definitions/widget-names";

/** A display name of engine/definitions/widget-names.ts: every object layout but `address`, which the templates draw. */
export type DisplayName = Exclude<(typeof OBJECT_LAYOUTS)[number], "address">;
const DISPLAY_NAMES = OBJECT_LAYOUTS.filter((name): name is DisplayName => name !== "address");

let loading: Promise<typeof import("./registry")> | null = null;
let loaded = false;
/** The registry's chunk, fetched once. */
export const loadDisplays = () =>
  (loading ??= import("./registry").then(
    (chunk) => {
      loaded = true;
      return chunk;
    },
    (error: unknown) => {
      loading = null; // a failed fetch is tried again next time
      throw error;
    },
  ));
/** Whether the displays' chunk is in (a page that shows one then need not wait a turn). */
export const displaysLoaded = () => loaded;

const SHELL_NAMES: ReadonlySet<string> = new Set([...DISPLAY_NAMES, "drawAmount"]);
/** Whether a UI schema names a display or a widget of this chunk anywhere: its page waits for the chunk, so it never shows empty first. */
export function namesDisplay(uiSchema: unknown): boolean {
  if (uiSchema === null || typeof uiSchema !== "object") return false;
  return Object.entries(uiSchema).some(([key, value]) =>
    key === "ui:widget" ? typeof value === "string" && SHELL_NAMES.has(value) : namesDisplay(value),
  );
}

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

const LazyDrawAmount = lazy(async () => ({ default: (await loadDisplays()).shellWidgets.drawAmount }));
/** The widgets the shell fills in for StepForm (engine/definitions/widget-names.ts), in the displays' chunk. */
export const widgets = {
  drawAmount: function DrawAmountWidget(props: WidgetProps) {
    return (
      <Suspense fallback={null}>
        <LazyDrawAmount {...props} />
      </Suspense>
    );
  },
};

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
