// A step's `sameAs` on screen: above an object field (an address), "Is it one of these
// addresses?" with one choice per earlier answer and "Another address". A choice copies that answer
// into the field, which stays editable; "another" empties it to type. The choice shown is the one
// the field's value is now, so an edit to a copied address shows "another" again.
import { mergeClasses } from "@fluentui/react-components";
import { getDefaultRegistry } from "@rjsf/core";
import type { FieldProps } from "@rjsf/utils";
import { createContext, useId, useMemo, useState, type ComponentType, type ReactNode } from "react";
import type { JsonSchema } from "../definitions/bundle";
import { pointerOfPath } from "../form/render-schema";
import { applyChoice, chosenIndex, copiedKeys, sameAsChoices, sameAsFor } from "../logic/same-as";
import type { FormContext } from "./context";
import { chunk, withChunks } from "./fluent-chunks";
import { useStyles } from "./styles";

const BaseObjectField = getDefaultRegistry().fields.ObjectField as ComponentType<FieldProps>;

/** The picker of the object field at `pointer`, which its object template draws under its legend. */
export const SameAsSlot = createContext<{ pointer: string; node: ReactNode } | null>(null);

const SameAsPicker = withChunks(
  ["radio"],
  function SameAsPicker({
    title,
    other,
    labels,
    fields,
    chosen,
    disabled,
    onPick,
  }: {
    title: string;
    other: string;
    labels: string[];
    fields: string[];
    chosen: number;
    disabled: boolean;
    onPick(index: number): void;
  }) {
    const { Radio, RadioGroup } = chunk("radio");
    const styles = useStyles();
    const id = useId();
    return (
      <div className={mergeClasses(styles.field, styles.sameAs)} data-same-as={fields.join(" ")}>
        <div id={`${id}-label`} className={styles.groupLabel}>
          {title}
        </div>
        <RadioGroup
          aria-labelledby={`${id}-label`}
          value={chosen === -2 ? "" : String(chosen)}
          disabled={disabled}
          onChange={(_, data) => onPick(Number(data.value))}
        >
          {labels.map((label, i) => (
            <Radio
              key={`${i}-${label}`}
              id={`${id}-${i}`}
              value={String(i)}
              label={{ children: label, className: styles.choiceLabel }}
            />
          ))}
          <Radio id={`${id}-other`} value="-1" label={{ children: other, className: styles.choiceLabel }} />
        </RadioGroup>
      </div>
    );
  },
);

/** Nothing in the properties a choice fills has been typed yet. */
const isEmptyObject = (v: unknown, keys: readonly string[]) =>
  v === undefined ||
  v === null ||
  (typeof v === "object" &&
    keys.every((k) => [undefined, null, ""].includes((v as Record<string, unknown>)[k] as never)));

/**
 * RJSF's object field, with the step's "same as" choices where the step offers them for this
 * field: the choices come from the reader's saved application (formContext.sameAs).
 */
export function ObjectFieldWithSameAs(props: FieldProps) {
  const context = props.registry.formContext as FormContext;
  const pointer = pointerOfPath(props.fieldPathId.path);
  const entry = context.sameAs ? sameAsFor(context.sameAs.step, pointer) : undefined;
  const keys = useMemo(
    () =>
      entry
        ? copiedKeys(
            entry,
            Object.keys(((props.schema as JsonSchema).properties as object | undefined) ?? {}),
          )
        : [],
    [entry, props.schema],
  );
  const choices = useMemo(
    () => (entry && context.sameAs ? sameAsChoices(entry, context.sameAs.application, keys) : []),
    [entry, context.sameAs, keys],
  );
  // "Another address" empties the field: it stays chosen while the applicant types.
  const [otherPicked, setOtherPicked] = useState(false);
  const base = <BaseObjectField {...props} />;
  if (!entry || choices.length === 0) return base;
  const index = chosenIndex(choices, props.formData, keys);
  // Nothing typed yet and nothing chosen: no choice is shown as made.
  const chosen = index >= 0 ? index : otherPicked || !isEmptyObject(props.formData, keys) ? -1 : -2;
  const pick = (i: number) => {
    setOtherPicked(i < 0);
    props.onChange(
      applyChoice(props.formData, i >= 0 ? choices[i]!.value : {}, keys) as typeof props.formData,
      props.fieldPathId.path,
    );
  };
  const node = (
    <SameAsPicker
      title={entry.title}
      other={entry.other}
      labels={choices.map((c) => c.label)}
      fields={keys}
      chosen={chosen}
      disabled={Boolean(props.disabled || props.readonly)}
      onPick={pick}
    />
  );
  return <SameAsSlot.Provider value={{ pointer, node }}>{base}</SameAsSlot.Provider>;
}
