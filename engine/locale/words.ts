// The engine's and the web's own words: the English source of every text the code (not a
// definition file) shows an applicant, by id. A translation of them is data like any other
// (content/locales/<code>/engine.json, keyed by the pointer `/<id>`), and a page in another language
// is sent its words with its definitions (server/transport/trpc/routers/definitions.ts), so no
// language but the one chosen is ever loaded. {name} marks a value filled in.
//
// Here, the words of the frame, which every page may show (the home page loads this module). The
// words of one area live in its own module and load with its pages' chunks (form-words.ts: the step
// form and the funnel's pages; display-words.ts: the funnel's displays; auth-words.ts: the emailed
// links' pages); page-words.ts lists every page word for the server and the build.
import type { AUTH_WORDS } from "./auth-words";
import type { DISPLAY_WORDS } from "./display-words";
import type { FORM_WORDS } from "./form-words";

export const WORDS = {
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
  "home.readFaq": "Read the FAQ",
  // A page that did not load (web/src/shell/ErrorBoundary.tsx, web/src/pages/funnel/LoadFailed.tsx).
  "page.didNotLoad": "This page did not load",
  "page.failedOpening": "Something went wrong while opening this page. Your saved answers are safe.",
  "page.reload": "Reload the page",
  // A sign-out that failed (web/src/shell/AccountNav.tsx): a toast's title and body.
  "signOut.failed": "Sign-out did not complete",
  "signOut.tryAgain": "Please try again.",
} as const;

export type WordId = keyof typeof WORDS;
/** Every word a page may show, of every area. */
export type PageWordId =
  WordId | keyof typeof FORM_WORDS | keyof typeof DISPLAY_WORDS | keyof typeof AUTH_WORDS;
/** A language's table of the page words. */
export type Words = Readonly<Record<PageWordId, string>>;

/** `template` with each {name} filled from `values` (a name without a value stays as written). */
export const fill = (template: string, values: Record<string, string | number> = {}): string =>
  template.replace(/\{([a-zA-Z]+)\}/g, (all, name: string) =>
    values[name] === undefined ? all : String(values[name]),
  );

/** A reader of `english`'s words in a given language's `table` (English where it has none), filled. */
export const wordsIn =
  <Id extends PageWordId>(english: Readonly<Record<Id, string>>) =>
  (table: Partial<Words> | undefined, id: Id, values?: Record<string, string | number>) =>
    fill(table?.[id] ?? english[id], values);

/** The frame's words of `table` (a language's, with English where it has none) at `id`, filled. */
export const wordIn = wordsIn<WordId>(WORDS);

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
