// What RJSF reports of the fields: a change goes to the store (and, a moment later, to the draft);
// a blur marks the field touched once the change that came with it is in.
import type { IChangeEvent } from "@rjsf/core";
import { useCallback, useEffect, useRef, type RefObject } from "react";
import { saveDraft, type DraftStorage } from "@engine/form/drafts";
import type { StepFormStore } from "@engine/form/store";
import type { PreparedStep } from "../prepare";

interface FieldEvents {
  store: StepFormStore;
  prepared: PreparedStep;
  drafts: DraftStorage | null;
  draftKey: string | undefined;
  draftTimer: RefObject<ReturnType<typeof setTimeout> | null>;
  submittingRef: RefObject<boolean | undefined>;
}

export function useFieldEvents({
  store,
  prepared,
  drafts,
  draftKey,
  draftTimer,
  submittingRef,
}: FieldEvents) {
  // Blur validation runs after the change that came with the blur is committed.
  const pendingTouch = useRef(new Set<string>());
  const touchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (touchTimer.current && clearTimeout(touchTimer.current)), []);

  const handleChange = useCallback(
    (event: IChangeEvent, id?: string) => {
      store.setFormData(event.formData, id === undefined ? undefined : store.pointerOfId(id));
      if (!drafts || !draftKey || submittingRef.current) return;
      const key = draftKey;
      if (draftTimer.current) clearTimeout(draftTimer.current);
      draftTimer.current = setTimeout(() => saveDraft(drafts, key, prepared.bundled, event.formData), 300);
    },
    [store, drafts, draftKey, prepared.bundled, draftTimer, submittingRef],
  );
  const handleBlur = useCallback(
    (id: string) => {
      const pointer = store.pointerOfId(id);
      if (pointer === undefined) return;
      pendingTouch.current.add(pointer);
      if (touchTimer.current) return;
      touchTimer.current = setTimeout(() => {
        touchTimer.current = null;
        const touched = [...pendingTouch.current];
        pendingTouch.current.clear();
        for (const p of touched) store.touch(p);
      }, 0);
    },
    [store],
  );
  return { handleChange, handleBlur };
}
