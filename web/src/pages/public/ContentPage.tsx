// A public content page (FAQ, privacy, licensing, e-consent, terms) from content/pages/<name>.md.
import { word } from "@engine/locale/words";
import { useDocumentTitle } from "@web/src/shell/document-title";
import { NotFoundPage } from "@web/src/shell/NotFoundPage";
import { text, useContent } from "./content";
import { EnglishOnlyNote, LastUpdated, textLang } from "./page-language";
import { Prose } from "./Prose";

export default function ContentPage({ name }: { name: string }) {
  const content = useContent("pages", name);
  useDocumentTitle(content ? text(content.attributes.title) : word("notFound.title"));
  if (!content) return <NotFoundPage />;
  return (
    <article className="page page--narrow">
      <EnglishOnlyNote content={content} />
      <Prose html={content.html} lang={textLang(content)} />
      <LastUpdated content={content} />
    </article>
  );
}
