// Display components a step names in `ui:widget` (StepFormProps.displays): each place gets its own
// slot, rendered with the answers as they are now.
import type { UiSchema } from "@rjsf/utils";
import { useMemo, useSyncExternalStore, type ComponentType } from "react";
import { isObject } from "@engine/base/objects";
import { useStore, type FormContext } from "../context";
import type { PreparedStep } from "../prepare";
import type { Display, DisplayProps, FormBodyProps } from "../StepForm";
import { widgets } from "../widgets";

interface DisplaySlot {
  Component: ComponentType<DisplayProps>;
  options: Record<string, unknown>;
  pointer: string;
}

/**
 * Gives every place that names a display component its own name (`name@pointer`), so the object
 * template finds that place's element; display nodes keep their name.
 */
function placeDisplays(uiSchema: UiSchema, displays: Record<string, Display> | undefined) {
  const slots = new Map<string, DisplaySlot>();
  const walk = (node: unknown, segments: string[]): unknown => {
    if (!isObject(node)) return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node))
      out[key] = key.startsWith("ui:") ? value : walk(value, [...segments, key === "items" ? "*" : key]);
    const name = node["ui:widget"];
    const display = typeof name === "string" ? displays?.[name] : undefined;
    if (typeof display === "function") {
      const pointer = segments.map((k) => `/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
      const slotName = `${name as string}@${pointer}`;
      slots.set(slotName, {
        Component: display as ComponentType<DisplayProps>,
        options: isObject(node["ui:options"]) ? node["ui:options"] : {},
        pointer,
      });
      out["ui:widget"] = slotName;
    }
    return out;
  };
  return { uiSchema: walk(uiSchema, []) as UiSchema, slots };
}

/** A display component with the answers as they are now (it re-renders when they change). */
function LiveDisplay({
  slot,
  ...props
}: Omit<DisplayProps, "answers" | "options" | "pointer"> & { slot: DisplaySlot }) {
  const store = useStore();
  const answers = useSyncExternalStore(
    store.subscribe,
    () => store.getFormData(),
    () => store.getFormData(),
  );
  const { Component } = slot;
  return <Component {...props} options={slot.options} pointer={slot.pointer} answers={answers} />;
}

/** The UI schema with the displays placed, the widgets with the shell's laid over, and RJSF's form context. */
export function useDisplays(
  props: FormBodyProps,
  prepared: PreparedStep,
  setSubmitText: (text: string | null) => void,
) {
  const { displays, application, today } = props;
  const { step } = prepared;
  const placed = useMemo(() => placeDisplays(prepared.uiSchema, displays), [prepared.uiSchema, displays]);
  const extraWidgets = props.widgets;
  const shellWidgets = useMemo(
    () => (extraWidgets ? { ...widgets, ...extraWidgets } : widgets),
    [extraWidgets],
  );
  const formContext: FormContext = useMemo(() => {
    const nodes: Record<string, unknown> = {};
    for (const [name, display] of Object.entries(displays ?? {}))
      if (typeof display !== "function") nodes[name] = display;
    // A display component reads the definitions: a form drawn without them has none.
    const defs = props.defs;
    if (defs)
      for (const [name, slot] of placed.slots)
        nodes[name] = (
          <LiveDisplay
            slot={slot}
            defs={defs}
            stepId={props.stepId}
            application={application}
            today={today}
            reader={props.part?.role ?? null}
            setSubmitText={setSubmitText}
          />
        );
    return { displays: nodes, ...(step.sameAs ? { sameAs: { step, application } } : {}) };
  }, [displays, placed, props.defs, props.stepId, application, today, step, props.part?.role, setSubmitText]);
  return { uiSchema: placed.uiSchema, widgets: shellWidgets, formContext };
}
