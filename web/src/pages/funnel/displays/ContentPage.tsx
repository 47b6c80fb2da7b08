// A content page of content/pages/ (`ui:options.page`, e.g. the FAQ) inside a funnel step,
// without its own first heading (the step's title is the page's), and an optional link back
// (`backLabel`, `backTo`).
import { formWord } from "@engine/locale/form-words";
import { word } from "@engine/locale/words";
import { Spinner } from "@fluentui/react-components";
import { Suspense, use } from "react";
import { BackLink } from "./BackLink";
import type { DisplayProps } from "@engine/react/StepForm";
import { Prose } from "@web/src/pages/public/Prose";
import { EnglishOnlyNote, LastUpdated, textLang } from "@web/src/pages/public/page-language";
import { loadContent, textOf, withoutTitle } from "./markdown";
import { useDisplayStyles } from "./styles";

function Page({ name }: { name: string }) {
  const doc = use(loadContent("pages", name));
  if (!doc) return <p role="alert">{formWord("page.notFound")}</p>;
  return (
    <>
      <EnglishOnlyNote content={doc} />
      <Prose html={withoutTitle(doc.html)} lang={textLang(doc)} />
      <LastUpdated content={doc} />
    </>
  );
}

export function ContentPage({ options }: DisplayProps) {
  const styles = useDisplayStyles();
  const name = textOf(options.page);
  return (
    <div className={styles.stack}>
      <Suspense fallback={<Spinner label={word("frame.loading")} />}>
        <Page name={name} />
      </Suspense>
      <BackLink options={options} />
    </div>
  );
}
