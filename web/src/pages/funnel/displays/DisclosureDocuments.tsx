// The disclosure texts a step names in `ui:options.documents` (web/content/disclosures/<name>.md),
// each with its title and the version of its front matter, in a scrollable box that prints whole.
// Numbers come from the applicant's offer (quote.current) and the pricing params: a text writes
// {{apr}}, {{drawPeriodYears}}... (see disclosure-values.ts); a number we do not have shows as a
// placeholder. With one document, the place's own heading names it, so its title is not repeated.
import { Spinner, mergeClasses } from "@fluentui/react-components";
import { useQuery } from "@tanstack/react-query";
import { Suspense, memo, use, useId, useMemo } from "react";
import type { DisplayProps } from "../../../../../engine/react/StepForm";
import site from "../../../../content/site.json";
import { trpc } from "../../../api/trpc";
import { Prose } from "../../public/Prose";
import { exampleValues, fillValues, type QuoteFigures } from "./disclosure-values";
import { loadContent, stringList, textOf, withoutTitle } from "./markdown";
import { useDisplayStyles } from "./styles";

// Memoized: the display re-renders as the applicant types on the same page; the text does not change.
const DisclosureDocument = memo(function DisclosureDocument({ name, values, showTitle }: { name: string; values: Record<string, string>; showTitle: boolean }) {
  const styles = useDisplayStyles();
  const titleId = useId();
  const doc = use(loadContent("disclosures", name));
  if (!doc) return <p role="alert">The document “{name}” could not be found. Please contact us before you sign.</p>;
  const title = textOf(doc.attributes.title) || name;
  const version = textOf(doc.attributes.version);
  return (
    <section className={styles.document} aria-labelledby={showTitle ? titleId : undefined} aria-label={showTitle ? undefined : title} data-document={name} data-version={version}>
      <div className={styles.documentHeader}>
        {showTitle ? (
          <h3 id={titleId} className={styles.documentTitle}>
            {title}
          </h3>
        ) : null}
        {version ? <span className={styles.version}>Version {version}</span> : null}
      </div>
      <div className={styles.documentBody} tabIndex={0} role="region" aria-label={title}>
        <Prose html={fillValues(withoutTitle(doc.html), values)} />
      </div>
    </section>
  );
});

export function DisclosureDocuments({ defs, options }: DisplayProps) {
  const styles = useDisplayStyles();
  const names = stringList(options.documents);
  const quote = useQuery(trpc.quote.current.queryOptions({ fetchOriginationFee: true }));
  const figures: QuoteFigures | null = quote.data?.eligible ? quote.data : null;
  const values = useMemo(() => exampleValues(figures, defs.params.pricing ?? {}, site), [figures, defs.params.pricing]);
  if (quote.isPending) return <Spinner label="Preparing your disclosures" />;
  return (
    <div className={mergeClasses(styles.stack)}>
      <Suspense fallback={<Spinner label="Loading the document" />}>
        {names.map((name) => (
          <DisclosureDocument key={name} name={name} values={values} showTitle={names.length > 1} />
        ))}
      </Suspense>
    </div>
  );
}
