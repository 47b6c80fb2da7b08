// What a public page (content/pages/) says about its language and date, shared by the page and the
// funnel's display of it: the date it last changed, in the reader's words, and, for a legal text
// shown in English to a reader of another language, the sentence in theirs that says why.
import { formatMoment } from "@engine/base/format";
import { word } from "@engine/locale/words";
import { chosenLocale } from "@web/src/app/locale";
import type { ContentModule } from "./content";

/** The `lang` of the page's text when it is not the page's own language (English on a Spanish page). */
export const textLang = (content: ContentModule): string | undefined => content.language;

/** A legal text shown in English to a reader of another language: why, in their language. */
export function EnglishOnlyNote({ content }: { content: ContentModule }) {
  if (!content.legal || !content.language || content.language === chosenLocale()) return null;
  return (
    <p role="note" className="meta">
      {word("legal.englishOnly")}
    </p>
  );
}

/** "Last updated January 15, 2025", as the reader's language writes the day. */
export function LastUpdated({ content }: { content: ContentModule }) {
  const updated = content.attributes.updated;
  if (!updated) return null;
  const day = String(updated);
  const date = /^\d{4}-\d{2}-\d{2}$/.test(day)
    ? formatMoment(`${day}T00:00:00Z`, { dateStyle: "long", timeZone: "UTC" })
    : day;
  return <p className="meta">{word("page.lastUpdated", { date })}</p>;
}
