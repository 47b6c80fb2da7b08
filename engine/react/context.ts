// React plumbing between the step form's store and the templates and widgets.
import { createContext, useContext, useEffect, useSyncExternalStore } from "react";
import type { FieldView, StepFormStore } from "../form/store";
import type { Step } from "../generated/schema-types";

export const StoreContext = createContext<StepFormStore | null>(null);

export function useStore(): StepFormStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error("engine/react templates must be rendered inside <StepForm>");
  return store;
}

/** The field's hidden/required/error state; re-renders only when it changes. */
export function useFieldView(pointer: string): FieldView {
  const store = useStore();
  return useSyncExternalStore(
    store.subscribe,
    () => store.view(pointer),
    () => store.view(pointer),
  );
}

/** Tells the store the field at `pointer` is on screen (its errors are shown there, not in the summary). */
export function useMounted(pointer: string) {
  const store = useStore();
  useEffect(() => store.mount(pointer), [store, pointer]);
}

/** What a group widget (cards, radios) needs to be labelled and described by its field. */
export interface GroupA11y {
  labelId?: string;
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
}

export const GroupA11yContext = createContext<GroupA11y>({});

/** What the items of a list need from the list: how to name an item, and how few there may be. */
export interface ListInfo {
  itemLabel: string;
  minItems: number;
}

export const ListContext = createContext<ListInfo>({ itemLabel: "Item", minItems: 0 });

/** Extra things the form shows, by display-widget name (e.g. an offer the shell computed). */
export interface FormContext {
  displays?: Record<string, unknown>;
  /** The step's "same as" choices and the reader's saved application they come from (same-as.tsx). */
  sameAs?: { step: Pick<Step, "sameAs">; application: unknown };
}
