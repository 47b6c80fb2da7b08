// The words of the step form and the funnel's pages (engine/react, engine/validation,
// web/src/pages/funnel): its fields' errors, buttons, progress bar, lists of answers and notices.
// Apart from engine/locale/words.ts so they load with the funnel's chunks, never with a page that
// shows no step (the home page: docs/performance.md). Translated like every engine word
// (content/locales/<code>/engine.json, `/<id>`); a page in another language has them in its table,
// and the server writes a step's refusals with formWordIn.
import { wordsIn, wordsOf } from "./words.ts";

export const FORM_WORDS = {
  // Validation (engine/validation/messages.ts): a field's label, then one of these.
  "validation.required": "is required",
  "validation.pleaseAnswer": "Please answer “{label}”",
  "validation.answerTo": "The answer to “{label}” {words}",
  "validation.field": "{label} {words}",
  "validation.notAQuestion": "is not a question of this step",
  "validation.format": "is not in the expected format",
  "validation.format.email": "must be a valid email address",
  "validation.format.date": "must be a valid date",
  "validation.format.date-time": "must be a valid date and time",
  "validation.format.phone": "must be a valid U.S. phone number: 10 digits, area code first",
  "validation.format.ssn": "must be a valid 9-digit Social Security number",
  "validation.format.zip": "must be a valid ZIP code",
  "validation.type": "must be {types}",
  "validation.type.or": " or ",
  "validation.type.string": "text",
  "validation.type.number": "a number",
  "validation.type.integer": "a whole number",
  "validation.type.boolean": "yes or no",
  "validation.type.array": "a list",
  "validation.type.object": "a group of answers",
  "validation.type.null": "empty",
  "validation.minimum": "must be at least {limit}",
  "validation.exclusiveMinimum": "must be more than {limit}",
  "validation.maximum": "must be at most {limit}",
  "validation.exclusiveMaximum": "must be less than {limit}",
  "validation.minLength": "must be at least {limit} characters",
  "validation.maxLength": "must be at most {limit} characters",
  "validation.minItems.one": "needs at least 1 entry",
  "validation.minItems": "needs at least {limit} entries",
  "validation.maxItems": "allows at most {limit} entries",
  "validation.multipleOf": "must be a multiple of {limit}",
  "validation.oneOf": "must be one of the options offered",
  "validation.invalid": "is not valid",
  "validation.thisField": "This field",
  "validation.thisItem": "This item",
  // The step form (engine/react).
  "form.next": "Next",
  "form.back": "Back",
  "form.continue": "Continue",
  "form.summary.one": "One answer needs your attention.",
  "form.summary.many": "{count} answers need your attention.",
  "form.part": "Part {n} of {count}",
  "form.yes": "Yes",
  "form.no": "No",
  "form.select": "Select…",
  // The progress bar (engine/react/FunnelProgress.tsx).
  "progress.label": "Progress",
  "progress.stepOf": "step {n} of {count}",
  "progress.listItem": "Step {n} of {count}: {label}",
  "progress.current": " (current)",
  "progress.currentStep": " (current: {step})",
  "progress.added.one": "{names} was added",
  "progress.added.many": "{names} were added",
  "progress.removed.one": "{names} is no longer needed",
  "progress.removed.many": "{names} are no longer needed",
  "progress.afterLastAnswer": "{changes} after your last answer.",
  "progress.done": " (done)",
  // A funnel page waiting for its saved answers (web/src/pages/funnel/StepScreen.tsx).
  "frame.loadingAnswers": "Loading your answers",
  // Above a funnel step (web/src/pages/funnel/StepNotices.tsx): a submitted application's page, and one to check again.
  "notice.locked":
    "Your application is submitted, so these answers can no longer be changed. If something is wrong, contact us.",
  "notice.recheck":
    "We have updated our application since you answered this page. Please check your answers here.",
  // A funnel page that did not load, and what a save says (web/src/pages/funnel).
  "page.couldNotLoad": "This page could not be loaded.",
  "page.tryAgain": "Try again",
  "page.notFound": "This page could not be found.",
  "page.offline": "We could not reach our server. Check your connection and try again.",
  "form.saving": "Saving",
  "form.saved": "Your answers are saved",
  "form.notSaved": "Your answers were not saved",
  "form.partNotSaved": "This part was not saved",
  "form.signAgain.title": "Please sign again",
  "form.signAgain.body":
    "You changed an answer your signed disclosures rest on, so your signature no longer counts. We will take you back to sign the disclosures as they are now.",
  // A list of answers (engine/react/templates.tsx): {item} is the entry's label.
  "form.item": "Item",
  "form.addItem": "Add {item}",
  "form.moveUp": "Move up",
  "form.moveDown": "Move down",
  "form.moveItemUp": "Move {item} up",
  "form.moveItemDown": "Move {item} down",
  "form.remove": "Remove",
  "form.removeItem": "Remove {item}",
  // A list in a sentence: "a, b and c" ({first} is all but the last, joined by commas).
  "list.and": "{first} and {last}",
  // Another borrower's change that put a page back in front of the reader (web/src/pages/funnel/StepNotices.tsx): {day} is a day of the year.
  "notice.changed.none": "{who} changed their answers on {day}.",
  "notice.changed.one": "{who} changed their {answers} on {day}.",
  "notice.changed.many": "{who} changed their {answers} on {day}.",
  "notice.signatureVoided":
    "Your signature covered that answer, so it no longer counts: please read the disclosures as they are now and sign again.",
  "notice.pageDue":
    "Because of that, we need this page from you. Everything else you answered stays as it was.",
} as const;

export type FormWordId = keyof typeof FORM_WORDS;

/** A word of the step form in the page's language (English where it has none). */
export const formWord = wordsOf(FORM_WORDS);

/** A word of the step form in `table` (a language's, with English where it has none), filled. */
export const formWordIn = wordsIn(FORM_WORDS);

/** Items as a sentence lists them in the page's language: "a, b and c". */
export const listed = (items: readonly string[]) =>
  items.length <= 1
    ? (items[0] ?? "")
    : formWord("list.and", { first: items.slice(0, -1).join(", "), last: items.at(-1)! });
