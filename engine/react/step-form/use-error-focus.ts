// Errors shown from outside the form (a refused submit's), and focus on the first error on screen
// whenever the form asks for it.
import { useCallback, useEffect, useState, type RefObject } from "react";
import type { StepFormStore } from "@engine/form/store";
import { focusFirstError } from "./ErrorSummary";

type FieldError = { pointer: string; message: string };

/** Shows `serverErrors`; returns the function that moves focus to the first error once the form has re-rendered. */
export function useErrorFocus(
  store: StepFormStore,
  serverErrors: FieldError[] | undefined,
  showErrorSection: (errors: readonly { pointer: string }[]) => void,
  root: RefObject<HTMLElement | null>,
) {
  const [focusRequest, setFocusRequest] = useState(0);
  const requestFocus = useCallback(() => setFocusRequest((n) => n + 1), []);
  // A new list (by content) replaces the server errors shown; the same list passed again on a
  // re-render does not bring back an error the applicant has since edited away.
  const serverKey = JSON.stringify(serverErrors ?? []);
  useEffect(() => {
    const list = JSON.parse(serverKey) as FieldError[];
    store.setServerErrors(list);
    if (list.length > 0) {
      showErrorSection(list);
      requestFocus();
    }
  }, [store, serverKey, showErrorSection, requestFocus]);
  useEffect(() => {
    if (focusRequest > 0) focusFirstError(root.current);
  }, [focusRequest, root]);
  return requestFocus;
}
