// The errors no field on screen shows, and where focus goes when the step is refused.
import { formWord } from "@engine/locale/form-words";
import { useSyncExternalStore } from "react";
import type { StepFormStore } from "@engine/form/store";
import { useStyles } from "../styles";

/** Moves focus to the first invalid field on screen (a list's own error only when no field has one). */
export function focusFirstError(root: HTMLElement | null) {
  if (!root) return;
  const invalid =
    root.querySelector<HTMLElement>('[data-invalid="true"]:not([data-container])') ??
    root.querySelector<HTMLElement>('[data-invalid="true"]');
  if (invalid) {
    const target =
      invalid.dataset.container === "true"
        ? invalid.querySelector<HTMLElement>("[data-error-message]")
        : (invalid.querySelector<HTMLElement>("input:checked") ??
          invalid.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea, button"));
    (target ?? invalid).focus();
    target?.scrollIntoView?.({ block: "center" });
    return;
  }
  root.querySelector<HTMLElement>("[data-error-summary]")?.focus();
}

/** Shown errors that no field on screen displays, and after a failed submit a short notice. */
export function ErrorSummary({ store }: { store: StepFormStore }) {
  const styles = useStyles();
  const { count: total, unclaimed } = useSyncExternalStore(store.subscribe, store.summary, store.summary);
  if ((!store.hasSubmitted() || total === 0) && unclaimed.length === 0) return null;
  return (
    <div className={styles.summary} role="alert" tabIndex={-1} data-error-summary="true">
      <p className={styles.summaryTitle}>
        {total === 1 ? formWord("form.summary.one") : formWord("form.summary.many", { count: total })}
      </p>
      {unclaimed.length > 0 ? (
        <ul className={styles.summaryList}>
          {unclaimed.map((e) => (
            <li key={e.pointer}>{e.message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
