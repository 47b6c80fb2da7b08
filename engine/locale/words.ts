// The engine's and the web's own words: the English source of every text the code (not a
// definition file) shows an applicant, by id. A translation of them is data like any other
// (content/locales/<code>/engine.json, keyed by the pointer `/<id>`), and a page in another language
// is sent its words with its definitions (server/transport/trpc/routers/definitions.ts), so no
// language but the one chosen is ever loaded. {name} marks a value filled in.
//
// Here, the words of the frame and the step form, which every page may show. The words of one
// area live in its own module and load with its pages' chunks (display-words.ts: the funnel's
// displays; auth-words.ts: the emailed links' pages); page-words.ts lists every page word for the
// server and the build.
import type { AUTH_WORDS } from "./auth-words";
import type { DISPLAY_WORDS } from "./display-words";

export const WORDS = {
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
  // A legal text shown in English to a reader of another language (engine/locale/legal.ts).
  "legal.englishOnly":
    "This legal document is shown in English: a reviewed translation of it is not available yet. Ask us if anything in it is unclear.",
  // An address the site does not have (web/src/shell/NotFoundPage.tsx).
  "notFound.title": "We could not find that page",
  "notFound.body": "The address may be mistyped, or the page may have moved.",
  "notFound.home": "Go to the home page",
  "notFound.or": " or read our ",
  "notFound.faq": "frequently asked questions",
  // Under a public page (content/pages/): the date its front matter says it last changed.
  "page.lastUpdated": "Last updated {date}",
  // The language choice (web/src/shell/LanguagePicker.tsx).
  "language.label": "Language",
  // The frame of every page (web/src/shell/Layout.tsx) and the home page's link to the FAQ.
  "frame.skipToMain": "Skip to main content",
  "frame.homeLink": "{site}, home",
  "frame.mainNav": "Main",
  "frame.legalNav": "Legal and help",
  "frame.opensNewTab": " (opens in a new tab)",
  "frame.loading": "Loading",
  // The build's frame to a browser that runs no JavaScript (web/src/shell/static-shell.tsx).
  "frame.noScript":
    "This site needs JavaScript to run the application. Call us or email support if you cannot enable it.",
  "frame.loadingAnswers": "Loading your answers",
  "home.readFaq": "Read the FAQ",
  // Above a funnel step (web/src/pages/funnel/StepNotices.tsx): a submitted application's page, and one to check again.
  "notice.locked":
    "Your application is submitted, so these answers can no longer be changed. If something is wrong, contact us.",
  "notice.recheck":
    "We have updated our application since you answered this page. Please check your answers here.",
  // A funnel page that did not load, and what a save says (web/src/pages/funnel, web/src/shell/ErrorBoundary.tsx).
  "page.didNotLoad": "This page did not load",
  "page.couldNotLoad": "This page could not be loaded.",
  "page.tryAgain": "Try again",
  "page.failedOpening": "Something went wrong while opening this page. Your saved answers are safe.",
  "page.reload": "Reload the page",
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
  // A sign-out that failed (web/src/shell/AccountNav.tsx): a toast's title and body.
  "signOut.failed": "Sign-out did not complete",
  "signOut.tryAgain": "Please try again.",
} as const;

export type WordId = keyof typeof WORDS;
/** Every word a page may show, of every area. */
export type PageWordId = WordId | keyof typeof DISPLAY_WORDS | keyof typeof AUTH_WORDS;
/** A language's table of the page words. */
export type Words = Readonly<Record<PageWordId, string>>;

/** `template` with each {name} filled from `values` (a name without a value stays as written). */
export const fill = (template: string, values: Record<string, string | number> = {}): string =>
  template.replace(/\{([a-zA-Z]+)\}/g, (all, name: string) =>
    values[name] === undefined ? all : String(values[name]),
  );

/** The words of `table` (a language's, with English where it has none) at `id`, filled. */
export const wordIn = (
  table: Partial<Words> | undefined,
  id: WordId,
  values?: Record<string, string | number>,
) => fill(table?.[id] ?? WORDS[id], values);

// The browser shows one language per page load (a change of language loads the page again), so
// its components read one table, set at boot; the server passes each request's table explicitly.
let current: Partial<Words> | undefined;

/** The browser's table for this page load (web/src/app/locale.ts). */
export function setWordsTable(table: Partial<Words> | undefined): void {
  current = table;
}

/** A reader of `english`'s words in the page's language (English where it has none), filled. */
export const wordsOf =
  <Id extends PageWordId>(english: Readonly<Record<Id, string>>) =>
  (id: Id, values?: Record<string, string | number>) =>
    fill(current?.[id] ?? english[id], values);

/** A word of the page's language (English where it has none). */
export const word = wordsOf<WordId>(WORDS);

/** Items as a sentence lists them in the page's language: "a, b and c". */
export const listed = (items: readonly string[]) =>
  items.length <= 1
    ? (items[0] ?? "")
    : word("list.and", { first: items.slice(0, -1).join(", "), last: items.at(-1)! });
