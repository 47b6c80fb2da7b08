// The sign-in pages' words: an applicant's in the page's language (engine words `login.*`), the
// portal's in English, as every portal page is by design, whatever language the browser chose.
import { AUTH_WORDS, authWord, type AuthWordId } from "@engine/locale/auth-words";
import { fill } from "@engine/locale/words";
import { PORTAL_AUTH_BASE, type AuthBase } from "@web/src/session/auth-paths";

export type Say = (id: AuthWordId, values?: Record<string, string | number>) => string;

/** The English words. */
export const english: Say = (id, values) => fill(AUTH_WORDS[id], values);

/** How the sign-in pages of `base` speak. */
export const sayFor = (base: AuthBase): Say => (base === PORTAL_AUTH_BASE ? english : authWord);
