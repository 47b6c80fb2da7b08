// One topic per screen (the step's sections): the reader goes through the sections that ask them
// something now; Continue judges the section on screen, the last one's button saves the step.
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { isWhole, writes } from "@engine/funnel/members";
import { openSections, sectionOf, type Section } from "@engine/logic/sections";
import type { StepFormStore } from "@engine/form/store";
import type { PreparedStep } from "../prepare";
import type { FormBodyProps } from "../StepForm";
import { useLatest } from "./latest";

export function useSections(props: FormBodyProps, prepared: PreparedStep, store: StepFormStore) {
  const { part, readOnly } = props;
  const { step } = prepared;
  const allSections = useMemo(() => (readOnly ? [] : (step.sections ?? [])), [readOnly, step.sections]);
  const asks = useCallback((pointer: string) => !part || isWhole(part) || writes(part, pointer), [part]);
  // Only a change of which sections are open re-renders the form here, not every keystroke.
  const openIds = useCallback(
    () =>
      allSections.length
        ? openSections(allSections, asks, store.hiddenPointers())
            .map((s) => s.id)
            .join("\n")
        : "",
    [allSections, asks, store],
  );
  const openKey = useSyncExternalStore(store.subscribe, openIds, openIds);
  const sections: Section[] = useMemo(() => {
    const open = new Set(openKey.split("\n"));
    return allSections.filter((s) => open.has(s.id));
  }, [allSections, openKey]);
  // Where the applicant left off: the section after the last one saved (the saved answers are in the form).
  const [sectionId, setSectionId] = useState<string | null>(() => {
    const saved = sections.findIndex((s) => s.id === props.resumeAfter);
    return (saved >= 0 ? (sections[saved + 1] ?? sections[saved]) : sections[0])?.id ?? null;
  });
  const at = Math.max(
    0,
    sections.findIndex((s) => s.id === sectionId),
  );
  const section = sections[at] ?? null;
  const sectionFields = section?.fields ?? null;
  useLayoutEffect(() => store.showSection(sectionFields), [store, sectionFields]);
  const { heading, goTo } = useSectionMoves(sectionId, setSectionId);
  const showErrorSection = useErrorSection(sections, goTo);
  return { sections, at, section, isLast: at >= sections.length - 1, heading, goTo, showErrorSection };
}

/** Going to a section moves focus to its heading (once it shows). */
function useSectionMoves(sectionId: string | null, setSectionId: (id: string) => void) {
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const goTo = useCallback(
    (id: string) => {
      moved.current = true;
      setSectionId(id);
    },
    [setSectionId],
  );
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: "start" });
  }, [sectionId]);
  return { heading, goTo };
}

/** Shows the section holding the first of `errors` (one not on screen), if the step is in sections. */
function useErrorSection(sections: Section[], goTo: (id: string) => void) {
  const sectionsRef = useLatest(sections);
  return useCallback(
    (errors: readonly { pointer: string }[]) => {
      const open = sectionsRef.current;
      const at = errors.map((e) => sectionOf(open, e.pointer)).find((i) => i >= 0);
      if (at !== undefined && open[at]) goTo(open[at].id);
    },
    [goTo, sectionsRef],
  );
}

export type Sections = ReturnType<typeof useSections>;
