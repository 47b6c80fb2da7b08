// A step that opts in (root ui:options.autoAdvance: one single-choice question) moves on when a
// choice is made with a pointer (a click or a tap). Keyboard users keep Next: arrow keys move the
// choice in a radio group, and advancing on each press would carry them past the question.
import { useCallback, useEffect, useRef, type FormEvent, type RefObject } from "react";
import { isObject } from "@engine/base/objects";
import type { PreparedStep } from "../prepare";
import { loadSpinner } from "./StepActions";

/** The capture handlers of the form's wrapper: when the last pointer press was, and a choice that moves on. */
export function useAutoAdvance(
  prepared: PreparedStep,
  readOnly: boolean,
  root: RefObject<HTMLElement | null>,
) {
  const rootOptions = isObject(prepared.uiSchema["ui:options"]) ? prepared.uiSchema["ui:options"] : {};
  const autoAdvance = rootOptions.autoAdvance === true && !readOnly;
  const pointerAt = useRef(0);
  const advanceTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (advanceTimer.current && clearTimeout(advanceTimer.current)), []);
  const onChangeCapture = useCallback(
    (event: FormEvent<HTMLDivElement>) => {
      const target = event.target as HTMLInputElement;
      if (!autoAdvance || target.type !== "radio" || Date.now() - pointerAt.current > 1500) return;
      if (advanceTimer.current) clearTimeout(advanceTimer.current);
      // Once RJSF holds the choice, and long enough for the chosen card to show as chosen.
      advanceTimer.current = setTimeout(() => root.current?.querySelector("form")?.requestSubmit(), 250);
    },
    [autoAdvance, root],
  );
  return {
    onPointerDownCapture: () => {
      pointerAt.current = Date.now();
      loadSpinner();
    },
    onKeyDownCapture: () => {
      pointerAt.current = 0;
      loadSpinner();
    },
    onChangeCapture,
  };
}
