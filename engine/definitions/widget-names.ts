// Every name a step may put in `ui:widget`, in one place (the components are in engine/react:
// widgets.tsx and templates.tsx, which must provide exactly these). Pure: the linter reads it.

/**
 * Widgets of single answers. `drawAmount` is an amount to draw on the offer's line: the shell fills
 * it through StepForm's `widgets` prop (the offer page's slider, with the line and its payment);
 * without one it is a currency field.
 */
export const LEAF_WIDGETS = [
  "text",
  "textarea",
  "email",
  "password",
  "select",
  "radio",
  "checkbox",
  "checkboxes",
  "hidden",
  "currency",
  "percent",
  "phone",
  "ssn",
  "date",
  "monthYear",
  "yesNo",
  "choiceCards",
  "imageChoice",
  "drawAmount",
] as const;

/** Widgets laid out as a group of options (labelled as a group, not by a <label for>). */
export const GROUP_WIDGETS: ReadonlySet<string> = new Set([
  "yesNo",
  "choiceCards",
  "imageChoice",
  "radio",
  "checkboxes",
  "drawAmount",
]);

/**
 * Layouts an object may name in `ui:widget` (RJSF itself gives objects no widget): `address`
 * (street and unit lines on their own rows, then city, state and ZIP side by side), and display
 * slots filled by the shell through StepForm's `displays` prop: `offerPreview` (the offer),
 * `disclosureDocuments` (versioned disclosure texts), `contentPage` (a content page such as the
 * FAQ), `idDocumentSides` (which sides of the chosen ID to upload), `documentChecklist` (the
 * documents still needed), `lineAmount` (the line a draw may use), `nextSteps` (a list of what
 * happens next, with links), `applicationSummary` (the saved answers, read-only) and
 * `applicationProgress` (each borrower's part and how far it is answered) and `sendAgain` (a
 * button that saves an earlier step again as it is, so its effect runs again: "Text me a new
 * code"). A display
 * reads its `ui:options`.
 */
export const OBJECT_LAYOUTS = [
  "address",
  "offerPreview",
  "disclosureDocuments",
  "contentPage",
  "idDocumentSides",
  "documentChecklist",
  "lineAmount",
  "nextSteps",
  "applicationSummary",
  "applicationProgress",
  "sendAgain",
] as const;

export type LeafWidgetName = (typeof LEAF_WIDGETS)[number];
export type WidgetName = LeafWidgetName | (typeof OBJECT_LAYOUTS)[number];

/**
 * What each widget stores in its field, which the field's schema must accept (the linter holds each
 * `ui:widget` to it, engine/lint/ui-fields.ts): a number (a currency widget parses "$90,210" as
 * 90210), text, text or a number, true/false, one of the field's listed choices or true/false,
 * several of its items' choices, an object laid out, or anything (hidden: it stores nothing).
 */
export type WidgetStores = "number" | "string" | "text" | "boolean" | "choice" | "choices" | "object" | "any";

export const WIDGET_STORES = {
  text: "text",
  textarea: "string",
  email: "string",
  password: "string",
  select: "choice",
  radio: "choice",
  checkbox: "boolean",
  checkboxes: "choices",
  hidden: "any",
  currency: "number",
  percent: "number",
  phone: "string",
  ssn: "string",
  date: "string",
  monthYear: "string",
  yesNo: "choice",
  choiceCards: "choice",
  imageChoice: "choice",
  drawAmount: "number",
  address: "object",
  offerPreview: "object",
  disclosureDocuments: "object",
  contentPage: "object",
  idDocumentSides: "object",
  documentChecklist: "object",
  lineAmount: "object",
  nextSteps: "object",
  applicationSummary: "object",
  applicationProgress: "object",
  sendAgain: "object",
} as const satisfies Record<WidgetName, WidgetStores>;

export const WIDGET_NAMES: readonly string[] = [...LEAF_WIDGETS, ...OBJECT_LAYOUTS];

/**
 * The `ui:options` each widget reads of its own (engine/react/widgets.tsx, the displays in
 * web/src/pages/funnel/displays), beside those any field, object, list or step reads below. A key
 * no reader takes is ignored without a word (a misspelt `mustOpen` lets the disclosures be signed
 * unopened), so the linter refuses it (engine/lint/ui-fields.ts); a new option is added here.
 */
export const WIDGET_OPTIONS = {
  text: [],
  textarea: ["rows"],
  email: [],
  password: [],
  select: ["enumDisabled"],
  radio: [],
  checkbox: [],
  checkboxes: [],
  hidden: [],
  currency: [],
  percent: [],
  phone: [],
  ssn: [],
  date: [],
  monthYear: [],
  yesNo: [],
  choiceCards: [],
  imageChoice: ["images"],
  drawAmount: [],
  address: [],
  offerPreview: [],
  disclosureDocuments: ["documents", "mustOpen", "pdfCheck", "signedCopy", "agreedAt"],
  contentPage: ["page", "backTo", "backLabel"],
  idDocumentSides: ["borrower"],
  documentChecklist: ["submitTextWhenComplete"],
  lineAmount: [],
  nextSteps: ["items", "links", "heading", "deliveryPreference"],
  applicationSummary: ["sections", "originator", "backTo", "backLabel"],
  applicationProgress: [],
  sendAgain: ["step", "fields", "label", "sent"],
} as const satisfies Record<WidgetName, readonly string[]>;

/**
 * The `ui:options` read beside a widget's own: an object's (`columns: 1` keeps four fields or more
 * in one column; `displayAfter` puts its display under its fields), a list's (its add button's and
 * items' words, and RJSF's orderable, addable and removable), and a step's at its root
 * (`autoAdvance`). Any field's options may also carry what a `ui:` key says (RJSF's getUiOptions
 * reads `ui:title` and `ui:options.title` alike).
 */
export const OBJECT_OPTIONS: readonly string[] = ["columns", "displayAfter"];
export const LIST_OPTIONS: readonly string[] = ["addLabel", "itemLabel", "orderable", "addable", "removable"];
export const STEP_OPTIONS: readonly string[] = ["autoAdvance"];

/**
 * What a step's `ui:submitButtonOptions` may say (engine/react/step-form/text.ts): `submitText`
 * names its Next button, `norender: true` shows no Back or Next. Read at the step's root only.
 */
export const SUBMIT_BUTTON_OPTIONS: readonly string[] = ["submitText", "norender"];

/**
 * Every `ui:` key a step's UI schema may use: RJSF's that the renderer reads and ours. A key
 * outside it is ignored by RJSF without a word (`ui:inputMode` for `ui:inputmode` left the code
 * field's numeric keypad off), so the linter refuses it.
 */
export const UI_KEYS: readonly string[] = [
  "ui:autocomplete",
  "ui:description",
  "ui:enumNames",
  "ui:heading",
  "ui:headingHelp",
  "ui:help",
  "ui:inputmode",
  "ui:label",
  "ui:options",
  "ui:order",
  "ui:placeholder",
  "ui:readonly",
  "ui:submitButtonOptions",
  "ui:title",
  "ui:twoDigitYear",
  "ui:widget",
];
