// A day as the page's language writes it ("miércoles, 2 de diciembre de 2026" on a Spanish page,
// "Wednesday, December 2, 2026" on an English one): longDate with the chosen language's Intl tag.
import { longDate } from "@engine/base/dates";
import { chosenLocale, LOCALES } from "./locale";

/** The Intl tag of the page's language (es-US), English's when none is chosen. */
export const chosenIntl = (): string => LOCALES.find((l) => l.code === chosenLocale())?.intl ?? "en-US";

/** An ISO day (YYYY-MM-DD) as the page's language writes it. */
export const pageDate = (iso: string): string => longDate(iso, chosenIntl());
