// The widgets, by the names steps use in `ui:widget`. This file is the one place they are
// registered (`widgets` below); a name a step uses that is not here fails loudly in development.
import { formWord } from "@engine/locale/form-words";
import { mergeClasses } from "@fluentui/react-components";
import type { EnumOptionsType, RegistryWidgetsType, Widget, WidgetProps } from "@rjsf/utils";
import { enumOptionsIndexForValue, enumOptionsValueForIndex } from "@rjsf/utils";
import {
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
} from "react";
import type { JsonSchema } from "../definitions/bundle";
import { caretAfterReshape, codecs, type Codec, type CodecName } from "../form/codecs";
import { GroupA11yContext, useStore } from "./context";
import { chunk, withChunks } from "./fluent-chunks";
import { emptyValueOf, typesOf } from "../form/render-schema";
import type { LeafWidgetName } from "../definitions/widget-names";
import { useStyles } from "./styles";

type Props = WidgetProps;

const schemaOf = (props: Props) => props.schema as JsonSchema;
const optionString = (props: Props, name: string): string | undefined => {
  const v = (props.options as Record<string, unknown>)[name];
  return typeof v === "string" ? v : undefined;
};
/**
 * The options of a choice with their labels: RJSF lists an `enum`'s values; the labels are the
 * `enumTitles` the render schema keeps (render-schema.ts), unless the UI schema names them.
 */
function optionsOf(props: Props): EnumOptionsType[] {
  const list = props.options.enumOptions ?? [];
  if (props.options.enumNames !== undefined) return list;
  const schema = schemaOf(props);
  const source = (schema.items && typeof schema.items === "object" ? schema.items : schema) as JsonSchema;
  const values = source.enum;
  const titles = source.enumTitles;
  if (!Array.isArray(values) || !Array.isArray(titles)) return list;
  return list.map((option) => {
    const title = titles[values.findIndex((v) => v === option.value)];
    return typeof title === "string" ? { ...option, label: title } : option;
  });
}

const sameValue = (a: unknown, b: unknown) => a === b || (Number.isNaN(a) && Number.isNaN(b));

/** How long a text field waits after the last keystroke before handing its value to RJSF. */
const COMMIT_DELAY_MS = 250;

/**
 * Typing stays instant on the largest step: each keystroke goes to the step form's store at once
 * (visibility and requirement logic see it), while RJSF, which recomputes the whole form on every
 * change, gets the value when the applicant pauses, leaves the field or submits.
 */
function useDeferredChange(id: string, onChange: (value: unknown) => void) {
  const store = useStore();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const pending = useRef<{ value: unknown; pointer: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const p = pending.current;
    if (!p) return;
    pending.current = null;
    onChangeRef.current(p.value);
    store.settle(p.pointer);
  }, [store]);
  useEffect(() => {
    const unregister = store.registerFlusher(flush);
    return () => {
      unregister();
      if (timer.current) clearTimeout(timer.current);
      // An unmounted field (a removed list item, a field the logic hid) hands nothing over.
      if (pending.current) store.settle(pending.current.pointer);
      pending.current = null;
    };
  }, [store, flush]);
  const change = useCallback(
    (value: unknown) => {
      const pointer = store.pointerOfId(id);
      if (pointer === undefined) return onChangeRef.current(value);
      pending.current = { value, pointer };
      store.liveChange(pointer, value);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, COMMIT_DELAY_MS);
    },
    [store, id, flush],
  );
  return { change, flush };
}

/**
 * A text input that shows a stored value through a codec: formatted while it does not have focus,
 * reshaped as it is typed, parsed into the stored value on every keystroke (so visibility logic
 * sees it at once). Validation waits for the blur.
 */
const CodecInput = withChunks(
  ["input"],
  function CodecInput(props: Props & { codec: Codec; type?: "text" | "email" | "password" | "tel" }) {
    const { Input } = chunk("input");
    const {
      id,
      value,
      onChange,
      onBlur,
      onFocus,
      disabled,
      readonly,
      autofocus,
      placeholder,
      codec,
      type = "text",
    } = props;
    const schema = schemaOf(props);
    const styles = useStyles();
    const inputRef = useRef<HTMLInputElement>(null);
    const [focused, setFocused] = useState(false);
    const [text, setText] = useState(() => codec.display(value, schema));
    const emitted = useRef<unknown>(value);
    const atFocus = useRef("");
    const caret = useRef<number | null>(null);
    const deferred = useDeferredChange(id, onChange);
    const store = useStore();

    // A field of a list item just added may have a proposed value (the step's newItems).
    useEffect(() => {
      const pointer = store.pointerOfId(id);
      if (pointer === undefined || (value !== undefined && value !== null && value !== "")) return;
      const proposed = store.takeProposal(pointer);
      if (proposed !== undefined) onChange(proposed);
      // Once, when the field appears: no dependencies, on purpose.
    }, []);

    // A value changed from outside (a reset, a list item moved) while the field is not being edited.
    if (!focused && !sameValue(value, emitted.current)) {
      emitted.current = value;
      const shown = codec.display(value, schema);
      if (shown !== text) setText(shown);
    }

    useLayoutEffect(() => {
      if (caret.current !== null && inputRef.current && document.activeElement === inputRef.current) {
        inputRef.current.setSelectionRange(caret.current, caret.current);
        caret.current = null;
      }
    }, [text]);

    const emit = (next: unknown) => {
      const stored = next === undefined ? emptyValueOf(schema) : next;
      if (sameValue(stored, emitted.current)) return;
      emitted.current = stored;
      deferred.change(stored);
    };

    const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
      const raw = event.target.value;
      const next = codec.typing(raw);
      if (codec.reshapes && next !== raw)
        caret.current = caretAfterReshape(raw, event.target.selectionStart ?? raw.length, next);
      setText(next);
      emit(codec.parse(next, schema));
    };

    return (
      <Input
        ref={inputRef}
        id={id}
        name={props.htmlName ?? id}
        type={type}
        size="large"
        className={styles.input}
        input={{ className: styles.inputText }}
        value={text}
        placeholder={placeholder || undefined}
        disabled={disabled}
        readOnly={readonly}
        autoFocus={autofocus}
        inputMode={(optionString(props, "inputmode") as Codec["inputMode"]) ?? codec.inputMode}
        autoComplete={optionString(props, "autocomplete") ?? (codec === codecs.ssn ? "off" : undefined)}
        spellCheck={codec === codecs.text && type === "text" ? undefined : false}
        onChange={handleChange}
        onFocus={() => {
          const t = codec.edit(value, schema);
          atFocus.current = t;
          setFocused(true);
          setText(t);
          onFocus(id, value);
        }}
        onBlur={() => {
          if (text !== atFocus.current) emit(codec.parse(text, schema));
          deferred.flush();
          setFocused(false);
          setText(codec.display(emitted.current, schema));
          onBlur(id, emitted.current);
        }}
      />
    );
  },
);

const codecWidget = (name: CodecName, type?: "text" | "email" | "password" | "tel") =>
  function CodecWidget(props: Props) {
    return <CodecInput {...props} codec={codecs[name]} type={type} />;
  };

/** Plain text, or a number typed as text (no spinner) when the schema is numeric. */
function TextWidget(props: Props) {
  const numeric = typesOf(schemaOf(props)).some((t) => t === "number" || t === "integer");
  return <CodecInput {...props} codec={numeric ? codecs.number : codecs.text} />;
}

function EmailWidget(props: Props) {
  return <CodecInput {...props} codec={{ ...codecs.text, inputMode: "email" }} type="email" />;
}

function PasswordWidget(props: Props) {
  return <CodecInput {...props} codec={codecs.text} type="password" />;
}

const TextareaWidget = withChunks(["textarea"], function TextareaWidget(props: Props) {
  const { Textarea } = chunk("textarea");
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, autofocus, placeholder } = props;
  const schema = schemaOf(props);
  const styles = useStyles();
  const rows = typeof props.options.rows === "number" ? props.options.rows : 4;
  const deferred = useDeferredChange(id, onChange);
  const [text, setText] = useState(typeof value === "string" ? value : "");
  const [focused, setFocused] = useState(false);
  if (!focused && (typeof value === "string" ? value : "") !== text)
    setText(typeof value === "string" ? value : "");
  return (
    <Textarea
      id={id}
      name={props.htmlName ?? id}
      className={styles.input}
      textarea={{ className: styles.inputText, rows }}
      resize="vertical"
      value={text}
      placeholder={placeholder || undefined}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      onChange={(_, data) => {
        setText(data.value);
        deferred.change(data.value === "" ? emptyValueOf(schema) : data.value);
      }}
      onFocus={() => {
        setFocused(true);
        onFocus(id, value);
      }}
      onBlur={(event) => {
        const trimmed = event.target.value.trim();
        if (trimmed !== event.target.value) {
          setText(trimmed);
          deferred.change(trimmed === "" ? emptyValueOf(schema) : trimmed);
        }
        deferred.flush();
        setFocused(false);
        onBlur(id, trimmed);
      }}
    />
  );
});

const SelectWidget = withChunks(["select"], function SelectWidget(props: Props) {
  const { Select } = chunk("select");
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, autofocus, options, placeholder } = props;
  const schema = schemaOf(props);
  const styles = useStyles();
  const enumOptions = optionsOf(props);
  const empty = emptyValueOf(schema);
  const selected = enumOptionsIndexForValue(value, enumOptions, false);
  const index = typeof selected === "string" ? selected : "";
  return (
    <Select
      id={id}
      name={props.htmlName ?? id}
      size="large"
      className={styles.select}
      value={index}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      onChange={(_, data) => {
        const next = data.value === "" ? empty : enumOptionsValueForIndex(data.value, enumOptions, empty);
        onChange(next);
      }}
      onFocus={() => onFocus(id, value)}
      onBlur={() => onBlur(id, value)}
    >
      <option value="">{placeholder || formWord("form.select")}</option>
      {enumOptions.map((option, i) => (
        <option
          key={String(option.value)}
          value={String(i)}
          disabled={options.enumDisabled?.includes(option.value)}
        >
          {option.label}
        </option>
      ))}
    </Select>
  );
});

/**
 * Large cards for a choice: yes/no for a boolean, one card per option of an enumeration, with an
 * image per option for imageChoice (`ui:options.images`: an object by option value, or a list in
 * option order). Native radio buttons underneath: Tab enters the group, arrow keys move the choice.
 */
function ChoiceCards(props: Props & { variant: "yesNo" | "cards" | "images" }) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, options, variant } = props;
  const styles = useStyles();
  const a11y = useContext(GroupA11yContext);
  const enumOptions = optionsOf(props);
  const images = options.images as Record<string, string> | string[] | undefined;
  const imageOf = (optionValue: unknown, i: number) =>
    Array.isArray(images)
      ? images[i]
      : images && typeof images === "object"
        ? images[String(optionValue)]
        : undefined;
  const locked = disabled || readonly;
  return (
    <div
      role="radiogroup"
      aria-labelledby={a11y.labelId}
      aria-describedby={a11y.describedBy}
      aria-invalid={a11y.invalid || undefined}
      aria-required={a11y.required || undefined}
      className={mergeClasses(
        styles.cards,
        variant === "yesNo" && styles.cardsTwo,
        variant === "images" && styles.cardsImages,
      )}
    >
      {enumOptions.map((option, i) => {
        const checked = value !== undefined && value !== null && value === option.value;
        const optionId = `${id}-${i}`;
        const image = variant === "images" ? imageOf(option.value, i) : undefined;
        return (
          <label
            key={String(option.value)}
            htmlFor={optionId}
            className={mergeClasses(
              styles.card,
              variant === "cards" && styles.cardLeft,
              checked && styles.cardChecked,
              a11y.invalid && !checked && styles.cardInvalid,
              locked && styles.cardDisabled,
            )}
          >
            <input
              type="radio"
              className={styles.visuallyHidden}
              id={optionId}
              name={id}
              value={String(i)}
              checked={checked}
              disabled={locked}
              onChange={() => {
                onChange(option.value);
                onBlur(id, option.value); // a choice made is a field answered: validate it now
              }}
              onFocus={() => onFocus(id, value)}
              onBlur={() => onBlur(id, value)}
            />
            {image ? <img className={styles.cardImage} src={image} alt="" /> : null}
            <span>{option.label}</span>
          </label>
        );
      })}
    </div>
  );
}

const cardsWidget = (variant: "yesNo" | "cards" | "images") =>
  function CardsWidget(props: Props) {
    return <ChoiceCards {...props} variant={variant} />;
  };

const RadioWidget = withChunks(["radio"], function RadioWidget(props: Props) {
  const { Radio, RadioGroup } = chunk("radio");
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, options } = props;
  const styles = useStyles();
  const a11y = useContext(GroupA11yContext);
  const enumOptions = optionsOf(props);
  const selected = enumOptionsIndexForValue(value, enumOptions, false);
  return (
    <RadioGroup
      id={id}
      name={id}
      value={typeof selected === "string" ? selected : ""}
      aria-labelledby={a11y.labelId}
      aria-describedby={a11y.describedBy}
      aria-invalid={a11y.invalid || undefined}
      aria-required={a11y.required || undefined}
      disabled={disabled || readonly}
      onChange={(_, data) => {
        const next = enumOptionsValueForIndex(data.value, enumOptions, undefined);
        onChange(next);
        onBlur(id, next);
      }}
      onFocus={() => onFocus(id, value)}
      onBlur={() => onBlur(id, value)}
    >
      {enumOptions.map((option, i) => (
        <Radio
          key={String(option.value)}
          id={`${id}-${i}`}
          value={String(i)}
          label={{ children: option.label, className: styles.choiceLabel }}
        />
      ))}
    </RadioGroup>
  );
});

const CheckboxWidget = withChunks(["checkbox"], function CheckboxWidget(props: Props) {
  const { Checkbox } = chunk("checkbox");
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, label } = props;
  const styles = useStyles();
  return (
    <Checkbox
      id={id}
      name={props.htmlName ?? id}
      size="large"
      checked={value === true}
      label={{ children: label, className: styles.choiceLabel }}
      disabled={disabled || readonly}
      onChange={(_, data) => {
        onChange(data.checked === true);
        onBlur(id, data.checked === true);
      }}
      onFocus={() => onFocus(id, value)}
    />
  );
});

const CheckboxesWidget = withChunks(["checkbox"], function CheckboxesWidget(props: Props) {
  const { Checkbox } = chunk("checkbox");
  const { id, value, onChange, onBlur, disabled, readonly, options } = props;
  const styles = useStyles();
  const a11y = useContext(GroupA11yContext);
  const enumOptions = optionsOf(props);
  const list: unknown[] = Array.isArray(value) ? value : [];
  return (
    <div role="group" aria-labelledby={a11y.labelId} aria-describedby={a11y.describedBy}>
      {enumOptions.map((option, i) => (
        <Checkbox
          key={String(option.value)}
          id={`${id}-${i}`}
          size="large"
          label={{ children: option.label, className: styles.choiceLabel }}
          checked={list.includes(option.value)}
          disabled={disabled || readonly}
          onChange={(_, data) => {
            const next =
              data.checked === true ? [...list, option.value] : list.filter((v) => v !== option.value);
            const ordered = enumOptions.map((o) => o.value).filter((v) => next.includes(v));
            onChange(ordered);
            onBlur(id, ordered);
          }}
        />
      ))}
    </div>
  );
});

function HiddenWidget() {
  return null;
}

/** Widgets by the names a UI schema uses (widget-names.ts), plus RJSF's internal names for its defaults. */
const named = {
  text: TextWidget,
  textarea: TextareaWidget,
  email: EmailWidget,
  password: PasswordWidget,
  select: SelectWidget,
  radio: RadioWidget,
  checkbox: CheckboxWidget,
  checkboxes: CheckboxesWidget,
  hidden: HiddenWidget,
  currency: codecWidget("currency"),
  percent: codecWidget("percent"),
  phone: codecWidget("phone", "tel"),
  ssn: codecWidget("ssn"),
  date: function DateWidget(props: Props) {
    return (
      <CodecInput
        {...props}
        codec={optionString(props, "twoDigitYear") === "past" ? codecs.pastDate : codecs.date}
      />
    );
  },
  monthYear: codecWidget("monthYear"),
  yesNo: cardsWidget("yesNo"),
  choiceCards: cardsWidget("cards"),
  imageChoice: cardsWidget("images"),
  // The shell gives the offer's slider (StepForm's `widgets`); on its own, an amount in dollars.
  drawAmount: codecWidget("currency"),
} satisfies Record<LeafWidgetName, Widget>;

export const widgets: RegistryWidgetsType = {
  ...named,
  // RJSF's default widget components, replaced so nothing unstyled appears
  TextWidget,
  TextareaWidget,
  EmailWidget,
  PasswordWidget,
  SelectWidget,
  RadioWidget,
  CheckboxWidget,
  CheckboxesWidget,
  HiddenWidget,
  URLWidget: TextWidget,
  UpDownWidget: TextWidget,
  RangeWidget: TextWidget,
  DateWidget: named.date,
};
