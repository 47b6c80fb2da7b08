// Our RJSF theme's templates on Fluent UI v9: fields (label, hint, error), objects (groups and
// layouts), lists (Add/Remove, items named "Employment 2"), buttons. Errors, visibility and
// conditional requirement come from the step form's store (see context.ts), by JSON pointer.
import { formWord } from "@engine/locale/form-words";
import { Button, Field, mergeClasses } from "@fluentui/react-components";
import type {
  ArrayFieldItemTemplateProps,
  ArrayFieldTemplateProps,
  DescriptionFieldProps,
  FieldTemplateProps,
  IconButtonProps,
  ObjectFieldTemplateProps,
  TemplatesType,
  TitleFieldProps,
  UnsupportedFieldProps,
} from "@rjsf/utils";
import { getUiOptions } from "@rjsf/utils";
import { createContext, useContext, useEffect, useId, useMemo, useRef, type ReactNode } from "react";
import type { JsonSchema } from "../definitions/bundle";
import { keyLabel } from "../validation/messages";
import {
  GroupA11yContext,
  ListContext,
  useFieldView,
  useMounted,
  useStore,
  type FormContext,
  type GroupA11y,
  type ListInfo,
} from "./context";
import { pointerOfPath, typesOf } from "../form/render-schema";
import { useStyles } from "./styles";
import { SameAsSlot } from "./same-as";
import { GROUP_WIDGETS } from "../definitions/widget-names";

type Layout = { kind: "stack" } | { kind: "address"; lines: ReadonlySet<string> };
const LayoutContext = createContext<Layout>({ kind: "stack" });

const isContainer = (schema: JsonSchema) => {
  const types = typesOf(schema);
  return (
    types.includes("object") ||
    types.includes("array") ||
    (types.length === 0 && (schema.properties !== undefined || schema.items !== undefined))
  );
};

function ErrorText({ id, message, focusable }: { id: string; message: string; focusable?: boolean }) {
  const styles = useStyles();
  return (
    <div
      id={id}
      className={styles.error}
      role="alert"
      data-error-message="true"
      tabIndex={focusable ? -1 : undefined}
    >
      {message}
    </div>
  );
}

/** A warning notice (the step's notices with intent warning): marked, never blocking. */
function WarningText({ id, message }: { id?: string; message: string }) {
  const styles = useStyles();
  return (
    <div id={id} className={styles.warning} data-warning-message="true">
      <span aria-hidden="true">⚠ </span>
      {message}
    </div>
  );
}

function FieldTemplate(props: FieldTemplateProps) {
  const { id, fieldPathId, label: rjsfLabel, children, required, hidden, uiSchema } = props;
  const name = String(fieldPathId.path.at(-1) ?? "");
  const schema = props.schema as JsonSchema;
  const styles = useStyles();
  const store = useStore();
  const pointer = pointerOfPath(fieldPathId.path);
  store.registerId(id, pointer);
  useMounted(pointer);
  const view = useFieldView(pointer);
  const layout = useContext(LayoutContext);
  const groupIds = useId();

  const options = getUiOptions(uiSchema);
  const widget = typeof options.widget === "string" ? options.widget : undefined;
  if (view.hidden) return null;
  if (hidden) return <div hidden>{children}</div>;
  // A list answered by one widget (checkboxes) is a field with its label and help, not a container.
  if (isContainer(schema) && !(widget !== undefined && GROUP_WIDGETS.has(widget))) return children;
  // `ui:heading`: a heading over a run of fields (the demographics' Ethnicity, Race and Sex), with
  // `ui:headingHelp` under it: what the heading asks of the whole run ("Check one or more").
  const headingId = `${groupIds}-heading`;
  const headingHelpId = `${groupIds}-heading-help`;
  const headingHelp =
    typeof options.headingHelp === "string" && options.headingHelp !== "" ? options.headingHelp : null;
  const heading =
    typeof options.heading === "string" ? (
      <>
        <h3 id={headingId} className={styles.fieldHeading}>
          {options.heading}
        </h3>
        {headingHelp ? (
          <p id={headingHelpId} className={mergeClasses(styles.hint, styles.headingHelp)}>
            {headingHelp}
          </p>
        ) : null}
      </>
    ) : null;
  const label =
    rjsfLabel && (rjsfLabel !== name || typeof schema.title === "string") ? rjsfLabel : keyLabel(name);
  const isRequired = Boolean(required) || view.required;
  const error = view.error;
  const warning = error ? undefined : view.warning; // an error says more: one message at a time
  const help = [options.description, options.help, view.notice]
    .filter((t): t is string => typeof t === "string" && t !== "")
    .join(" ");
  const isGroup = widget !== undefined && GROUP_WIDGETS.has(widget);
  const isCheckbox =
    !isGroup && typesOf(schema).includes("boolean") && (widget === undefined || widget === "checkbox");
  const place =
    layout.kind === "address"
      ? layout.lines.has(name)
        ? styles.addressLine
        : styles.addressPart
      : isGroup || widget === "textarea"
        ? styles.wide
        : undefined;

  if (isGroup) {
    // A group under a heading that names it (`ui:label: false`: "Sex" once, not twice) is labelled by the heading.
    const byHeading = heading !== null && options.label === false;
    const labelId = byHeading ? headingId : `${groupIds}-label`;
    const hintId = help ? `${groupIds}-hint` : undefined;
    const errorId = error ? `${groupIds}-error` : undefined;
    const warningId = warning ? `${groupIds}-warning` : undefined;
    const a11y: GroupA11y = {
      labelId,
      describedBy:
        [errorId, warningId, hintId, byHeading && headingHelp ? headingHelpId : undefined]
          .filter(Boolean)
          .join(" ") || undefined,
      invalid: Boolean(error),
      required: isRequired,
    };
    return (
      <>
        {heading}
        <div
          className={mergeClasses(styles.field, place)}
          data-pointer={pointer}
          data-invalid={error ? "true" : undefined}
        >
          {byHeading ? null : (
            <div id={labelId} className={styles.groupLabel}>
              {label}
              {isRequired ? (
                <span className={styles.required} aria-hidden="true">
                  *
                </span>
              ) : null}
            </div>
          )}
          {help ? (
            <div id={hintId} className={mergeClasses(styles.hint)} style={{ marginBottom: 8 }}>
              {help}
            </div>
          ) : null}
          <GroupA11yContext.Provider value={a11y}>{children}</GroupA11yContext.Provider>
          {error && errorId ? <ErrorText id={errorId} message={error} /> : null}
          {warning ? <WarningText id={warningId} message={warning} /> : null}
        </div>
      </>
    );
  }

  return (
    <>
      {heading}
      <Field
        className={mergeClasses(styles.field, place)}
        data-pointer={pointer}
        data-invalid={error ? "true" : undefined}
        label={isCheckbox ? undefined : { children: label, htmlFor: id, className: styles.fieldLabel }}
        required={isRequired}
        size="large"
        validationState={error ? "error" : warning ? "warning" : "none"}
        validationMessage={
          error
            ? { children: error, className: styles.fieldError }
            : warning
              ? { children: warning, className: styles.fieldWarning }
              : undefined
        }
        hint={help ? { children: help, className: styles.hint } : undefined}
      >
        {children}
      </Field>
    </>
  );
}

function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, uiSchema, fieldPathId, registry, title } = props;
  const schema = props.schema as JsonSchema;
  const styles = useStyles();
  const pointer = pointerOfPath(fieldPathId.path);
  const view = useFieldView(pointer);
  const errorId = useId();
  const options = getUiOptions(uiSchema);
  const widget = typeof options.widget === "string" ? options.widget : undefined;
  const visible = properties.filter((p) => !p.hidden);
  const isItem = typeof fieldPathId.path.at(-1) === "number";
  const isRoot = fieldPathId.path.length === 0;
  const legend =
    !isItem && !isRoot && typeof schema.title === "string"
      ? typeof options.title === "string"
        ? options.title
        : title
      : undefined;
  const description = typeof options.description === "string" ? options.description : undefined;
  const layout: Layout = useMemo(
    () =>
      widget === "address"
        ? { kind: "address", lines: new Set(visible.slice(0, 2).map((p) => p.name)) }
        : { kind: "stack" },
    [widget, visible.map((p) => p.name).join("\n")],
  );
  const display =
    widget && widget !== "address"
      ? ((registry.formContext as FormContext).displays?.[widget] as ReactNode)
      : null;
  // The step's "same as" choices for this field (same-as.tsx), under its legend.
  const slot = useContext(SameAsSlot);
  const sameAs = slot?.pointer === pointer ? slot.node : null;

  const body = (
    <LayoutContext.Provider value={layout}>
      <div
        className={mergeClasses(
          styles.group,
          // Four fields or more sit in two columns unless the UI schema asks for one (a list of checkboxes with sub-options reads top to bottom).
          widget === "address"
            ? styles.groupAddress
            : visible.length >= 4 && options.columns !== 1 && styles.groupTwo,
        )}
      >
        {visible.map((p) => p.content)}
      </div>
    </LayoutContext.Provider>
  );
  const error = view.error ? <ErrorText id={errorId} message={view.error} focusable /> : null;

  if (legend) {
    return (
      <fieldset
        className={styles.fieldset}
        data-pointer={pointer}
        data-invalid={view.error ? "true" : undefined}
        data-container="true"
        aria-describedby={view.error ? errorId : undefined}
      >
        <legend className={styles.legend}>{legend}</legend>
        {description ? <p className={styles.hint}>{description}</p> : null}
        {error}
        {display}
        {sameAs}
        {body}
      </fieldset>
    );
  }
  // A display comes before the fields it sits on, unless the UI schema puts it after them
  // (`ui:options.displayAfter`: "Text me a new code" under the code's field).
  const after = options.displayAfter === true;
  return (
    <div
      className={styles.wide}
      data-pointer={pointer}
      data-invalid={view.error ? "true" : undefined}
      data-container="true"
    >
      {description ? <p className={styles.hint}>{description}</p> : null}
      {error}
      {after ? null : display}
      {sameAs}
      {visible.length > 0 ? body : null}
      {after ? display : null}
    </div>
  );
}

function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { items, canAdd, onAddClick, uiSchema, fieldPathId, disabled, readonly, title } = props;
  const schema = props.schema as JsonSchema;
  const styles = useStyles();
  const pointer = pointerOfPath(fieldPathId.path);
  const view = useFieldView(pointer);
  const store = useStore();
  const ids = useId();
  const options = getUiOptions(uiSchema);
  const itemsSchema = (schema.items && typeof schema.items === "object" ? schema.items : {}) as JsonSchema;
  const heading =
    typeof options.title === "string"
      ? options.title
      : typeof schema.title === "string"
        ? schema.title
        : title;
  const itemLabel =
    typeof options.itemLabel === "string"
      ? options.itemLabel
      : typeof itemsSchema.title === "string"
        ? itemsSchema.title
        : formWord("form.item");
  const addLabel =
    typeof options.addLabel === "string"
      ? options.addLabel
      : formWord("form.addItem", { item: itemLabel.toLowerCase() });
  const minItems = typeof schema.minItems === "number" ? schema.minItems : 0;
  const listRef = useRef<HTMLElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const pendingFocus = useRef<"added" | "removed" | null>(null);
  const count = items.length;

  useEffect(() => {
    const what = pendingFocus.current;
    pendingFocus.current = null;
    if (what === "added") {
      const last = listRef.current?.querySelector<HTMLElement>(":scope [data-array-item]:last-of-type");
      last?.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea")?.focus();
    } else if (what === "removed") {
      (addRef.current ?? headingRef.current)?.focus();
    }
  }, [count]);

  const info: ListInfo & { onRemoved: () => void } = useMemo(
    () => ({ itemLabel, minItems, onRemoved: () => void (pendingFocus.current = "removed") }),
    [itemLabel, minItems],
  );

  return (
    <section
      ref={listRef}
      className={styles.list}
      aria-labelledby={heading ? `${ids}-title` : undefined}
      data-pointer={pointer}
      data-invalid={view.error ? "true" : undefined}
      data-container="true"
    >
      {heading ? (
        <h2 id={`${ids}-title`} ref={headingRef} className={styles.listTitle} tabIndex={-1}>
          {heading}
        </h2>
      ) : null}
      {typeof options.description === "string" ? <p className={styles.hint}>{options.description}</p> : null}
      {view.notice ? <p className={styles.hint}>{view.notice}</p> : null}
      {view.warning ? <WarningText message={view.warning} /> : null}
      {view.error ? <ErrorText id={`${ids}-error`} message={view.error} focusable /> : null}
      <RemovalContext.Provider value={info.onRemoved}>
        <ListContext.Provider value={info}>
          <div className={styles.list}>{items}</div>
        </ListContext.Provider>
      </RemovalContext.Provider>
      {canAdd ? (
        <Button
          ref={addRef}
          type="button"
          appearance="secondary"
          className={mergeClasses(styles.button, styles.secondaryButton, styles.addButton)}
          disabled={disabled || readonly}
          onClick={(event) => {
            pendingFocus.current = "added";
            store.proposeNewItem(pointer, count);
            onAddClick(event);
          }}
        >
          {addLabel}
        </Button>
      ) : null}
    </section>
  );
}

const RemovalContext = createContext<() => void>(() => {});

function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, index, totalItems, buttonsProps } = props;
  const styles = useStyles();
  const { itemLabel, minItems } = useContext(ListContext);
  const onRemoved = useContext(RemovalContext);
  const headingId = useId();
  const label = `${itemLabel} ${index + 1}`;
  const locked = buttonsProps.disabled || buttonsProps.readonly;
  const canRemove = buttonsProps.hasRemove && totalItems > minItems;
  return (
    <section className={styles.item} aria-labelledby={headingId} data-array-item="true">
      <div className={styles.itemHeader}>
        <h3 id={headingId} className={styles.itemTitle}>
          {label}
        </h3>
        <div className={styles.itemButtons}>
          {buttonsProps.hasMoveUp ? (
            <Button
              type="button"
              appearance="subtle"
              disabled={locked}
              onClick={buttonsProps.onMoveUpItem}
              aria-label={formWord("form.moveItemUp", { item: label })}
            >
              {formWord("form.moveUp")}
            </Button>
          ) : null}
          {buttonsProps.hasMoveDown ? (
            <Button
              type="button"
              appearance="subtle"
              disabled={locked}
              onClick={buttonsProps.onMoveDownItem}
              aria-label={formWord("form.moveItemDown", { item: label })}
            >
              {formWord("form.moveDown")}
            </Button>
          ) : null}
          {canRemove ? (
            <Button
              type="button"
              appearance="secondary"
              className={mergeClasses(styles.button, styles.secondaryButton)}
              disabled={locked}
              aria-label={formWord("form.removeItem", { item: label })}
              onClick={(event) => {
                onRemoved();
                buttonsProps.onRemoveItem(event);
              }}
            >
              {formWord("form.remove")}
            </Button>
          ) : null}
        </div>
      </div>
      {children}
    </section>
  );
}

function TitleFieldTemplate({ id, title }: TitleFieldProps) {
  const styles = useStyles();
  return (
    <legend id={id} className={styles.legend}>
      {title}
    </legend>
  );
}

function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  const styles = useStyles();
  return description ? (
    <div id={id} className={styles.hint}>
      {description}
    </div>
  ) : null;
}

function UnsupportedFieldTemplate({ reason, fieldPathId }: UnsupportedFieldProps) {
  const message = `Unsupported field at ${pointerOfPath(fieldPathId?.path ?? [])}: ${reason}`;
  if (import.meta.env?.DEV) throw new Error(message);
  console.error(message);
  return null;
}

function TextButton(props: IconButtonProps & { text: string }) {
  const styles = useStyles();
  const { onClick, disabled, id, text } = props;
  return (
    <Button
      type="button"
      id={id}
      appearance="secondary"
      className={mergeClasses(styles.button, styles.secondaryButton)}
      onClick={onClick}
      disabled={disabled}
    >
      {text}
    </Button>
  );
}

const Nothing = () => null;

export const templates: Partial<Omit<TemplatesType, "ButtonTemplates">> & {
  ButtonTemplates: Partial<TemplatesType["ButtonTemplates"]>;
} = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  TitleFieldTemplate,
  DescriptionFieldTemplate,
  UnsupportedFieldTemplate,
  // Errors and help are drawn by FieldTemplate from the store, not from RJSF's error schema.
  FieldErrorTemplate: Nothing,
  FieldHelpTemplate: Nothing,
  ErrorListTemplate: Nothing,
  ButtonTemplates: {
    AddButton: (p: IconButtonProps) => <TextButton {...p} text="Add" />,
    RemoveButton: (p: IconButtonProps) => <TextButton {...p} text={formWord("form.remove")} />,
    CopyButton: (p: IconButtonProps) => <TextButton {...p} text="Copy" />,
    MoveUpButton: (p: IconButtonProps) => <TextButton {...p} text={formWord("form.moveUp")} />,
    MoveDownButton: (p: IconButtonProps) => <TextButton {...p} text={formWord("form.moveDown")} />,
    ClearButton: (p: IconButtonProps) => <TextButton {...p} text="Clear" />,
    SubmitButton: Nothing,
  },
};
