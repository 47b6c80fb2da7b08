// A step in sections: each finished section is saved at once (its sensitive fields sealed by the
// server as any answer), so a reload or another device resumes there with the answers in.
import { formWord } from "@engine/locale/form-words";
import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, type RefObject } from "react";
import { trpc } from "@web/src/api/trpc";
import { useNotify } from "@web/src/shell/notify";
import { classifyApiError, type FieldError } from "./api-errors";

/** A random key for one submission of this page's answers (kept when the same answers are sent again). */
export const idempotencyKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(18)), (b) => b.toString(16).padStart(2, "0")).join("");

/** The revision the page's next save is made against: step.get's, then each section's save moves it on. */
export function useRevision(revision: number | null | undefined): RefObject<number | null> {
  const revisionRef = useRef<number | null>(null);
  useEffect(() => {
    revisionRef.current = revision ?? null;
  }, [revision]);
  return revisionRef;
}

interface SectionSave {
  stepId: string;
  revisionRef: RefObject<number | null>;
  setServerErrors(errors: FieldError[]): void;
  leave(): Promise<void>;
}

/** `onSection` for <StepForm>, and `saved`: the sections' saves so far, one after another (the step waits for them). */
export function useSectionSave({ stepId, revisionRef, setServerErrors, leave }: SectionSave) {
  const notify = useNotify();
  const saveSection = useMutation(trpc.step.saveSection.mutationOptions());
  const saved = useRef<Promise<unknown>>(Promise.resolve());
  const onSection = useCallback(
    (section: string, answers: unknown) => {
      saved.current = saved.current.then(() =>
        saveSection
          .mutateAsync({
            stepId,
            section,
            answers: answers as Record<string, unknown>,
            idempotencyKey: idempotencyKey(),
            ...(revisionRef.current !== null ? { revision: revisionRef.current } : {}),
          })
          .then((result) => {
            revisionRef.current = result.revision;
          })
          .catch((error: unknown) => {
            const failure = classifyApiError(error);
            if (failure.kind === "fields") setServerErrors(failure.fieldErrors);
            else if (failure.kind === "unauthorized") void leave();
            else notify({ intent: "error", title: formWord("form.partNotSaved"), body: failure.message });
          }),
      );
    },
    [saveSection, stepId, leave, notify, revisionRef, setServerErrors],
  );
  return { onSection, saved };
}
