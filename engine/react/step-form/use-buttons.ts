// What Next (Continue within a step in sections) and Back do.
import type { IChangeEvent } from "@rjsf/core";
import { useCallback, type RefObject } from "react";
import type { StepFormStore } from "@engine/form/store";
import { useLatest } from "./latest";
import type { Sections } from "./use-sections";

interface Next {
  store: StepFormStore;
  sections: Sections;
  submittingRef: RefObject<boolean | undefined>;
  draftTimer: RefObject<ReturnType<typeof setTimeout> | null>;
  onSubmitRef: RefObject<(answers: unknown) => void>;
  onSectionRef: RefObject<((sectionId: string, answers: unknown) => void) | undefined>;
  requestFocus(): void;
}

/** Continue judges the section on screen and saves it; the last section's Next judges and sends the step. */
export function useNext({
  store,
  sections,
  submittingRef,
  draftTimer,
  onSubmitRef,
  onSectionRef,
  requestFocus,
}: Next) {
  const { section, isLast, sections: open, at, goTo, showErrorSection } = sections;
  return useCallback(
    (event: IChangeEvent) => {
      if (submittingRef.current) return;
      if (section && !isLast) {
        if (store.submitSection(event.formData, section.fields)) {
          onSectionRef.current?.(section.id, store.answersOfSection());
          goTo(open[at + 1]!.id);
        } else requestFocus();
        return;
      }
      const result = store.submit(event.formData);
      if (!result.valid) showErrorSection(result.errors);
      if (result.valid) {
        // A second click in the same moment (before the parent re-renders as submitting) sends nothing.
        submittingRef.current = true;
        if (draftTimer.current) clearTimeout(draftTimer.current);
        onSubmitRef.current(result.answers);
      } else requestFocus();
    },
    [
      store,
      section,
      isLast,
      open,
      at,
      goTo,
      showErrorSection,
      submittingRef,
      draftTimer,
      onSubmitRef,
      onSectionRef,
      requestFocus,
    ],
  );
}

/**
 * Back goes to the section before, else where the page says. RJSF's Form skips a re-render when its
 * props differ only in functions (its deepEquals ignores them), so the button's handler must not
 * close over this render's section: it reads the ref.
 */
export function useBack(sections: Sections, onBack: (() => void) | undefined) {
  const handleBack = sections.at > 0 ? () => sections.goTo(sections.sections[sections.at - 1]!.id) : onBack;
  return { hasBack: Boolean(handleBack), backRef: useLatest(handleBack) };
}
