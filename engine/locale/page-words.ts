// Every word a page may show, of every area (engine/locale/words.ts, the frame's, and the areas' modules): what
// the server sends a page in the reader's language, what the build's language modules keep, and
// what the translations count. The browser never imports it: each page loads its areas' words.
import { AUTH_WORDS } from "./auth-words.ts";
import { DISPLAY_WORDS } from "./display-words.ts";
import { FORM_WORDS } from "./form-words.ts";
import { WORDS, type Words } from "./words.ts";

export const PAGE_WORDS: Words = { ...WORDS, ...FORM_WORDS, ...DISPLAY_WORDS, ...AUTH_WORDS };
