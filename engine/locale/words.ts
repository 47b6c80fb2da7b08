// The engine's and the web's own words: the English source of every text the code (not a
// definition file) shows an applicant, by id. A translation of them is data like any other
// (content/locales/<code>/engine.json, keyed by the pointer `/<id>`), and a page in another language
// is sent its words with its definitions (server/transport/trpc/routers/definitions.ts), so no
// language but the one chosen is ever loaded. {name} marks a value filled in.

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
  "progress.done": " (done)",
  // A legal text shown in English to a reader of another language (engine/locale/legal.ts).
  "legal.englishOnly":
    "This legal document is shown in English: a reviewed translation of it is not available yet. Ask us if anything in it is unclear.",
  // The language choice (web/src/shell/LanguagePicker.tsx).
  "language.label": "Language",
  // The frame of every page (web/src/shell/Layout.tsx) and the home page's link to the FAQ.
  "frame.skipToMain": "Skip to main content",
  "frame.homeLink": "{site}, home",
  "frame.mainNav": "Main",
  "frame.legalNav": "Legal and help",
  "frame.opensNewTab": " (opens in a new tab)",
  "home.readFaq": "Read the FAQ",
  // The server's refusals an applicant can meet (server/transport/trpc/init.ts gives them in the
  // reader's language; a refusal whose words are a step's, such as its dueReason, is translated there).
  "refusal.internal": "Something went wrong on our side. Your answers are safe; please try again.",
  "refusal.savedElsewhere":
    "Your application was being saved from somewhere else at the same moment. Please try again.",
  "refusal.changedInAnotherWindow":
    "Your application was changed in another window. Reload to see the latest answers.",
  "refusal.changedMeanwhile": "Your application changed meanwhile. Reload the page and try again.",
  "refusal.changedMeanwhileRetry": "Your application changed meanwhile. Please try again.",
  "refusal.signInToContinue": "Sign in to continue your application",
  "refusal.noApplication": "There is no application for this account",
  "refusal.submitted":
    "Your application is submitted, so its answers can no longer be changed. If something is wrong, contact us.",
  "refusal.cancelled":
    "This line of credit was cancelled under the right to cancel, so the application can no longer be changed.",
  "refusal.startFromFirst": "Start your application from its first question.",
  "refusal.notOpenYet": "This page is not open yet: answer the pages before it first.",
  // The codes an applicant is mailed (server/features/auth/email-proof.ts, nextauth/code-mail.ts) and
  // what a wrong one is told (server/features/account/email.ts).
  "mail.emailProof.subject": "Confirm your email address",
  "mail.emailProof.text":
    "Your code is {code}. It confirms that this email address is yours.\n\nEnter it on the page that asked for it. It works once, for 10 minutes. Once your address is confirmed, you can sign back in to your application from any device.\n\nIf you did not start a home equity line of credit application with us, you can ignore this email: nothing happens without the code.",
  "mail.knownAddress.subject": "Sign in to continue your application",
  "mail.knownAddress.text":
    "Someone, hopefully you, started a new home equity line of credit application with this email address. You already have an application with us, so we have not started a second one.\n\nYour sign-in code is {code}. Enter it on the page that asked for it (it works once, for 10 minutes) and you will be back in your application, where you left it.\n\nIf this was not you, you can ignore this email: nobody can open your application without the code.",
  "mail.signInCode.subject": "Your sign-in code",
  "mail.signInCode.text":
    "Your sign-in code is {code}.\n\nIt works once, for 10 minutes. If you did not ask for it, you can ignore this email.",
  "refusal.code.expired": "That code has expired. Go back and we will email you a new one.",
  "refusal.code.locked":
    "Too many wrong codes from here. Go back and we will email you a new one, or try again later.",
  "refusal.code.none": "We have no code for this address. Go back and we will email you one.",
  "refusal.code.invalid": "That code is not the one we emailed. Check it and try again.",
} as const;

export type WordId = keyof typeof WORDS;
export type Words = Readonly<Record<WordId, string>>;

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

/** A word of the page's language (English where it has none). */
export const word = (id: WordId, values?: Record<string, string | number>) => wordIn(current, id, values);
