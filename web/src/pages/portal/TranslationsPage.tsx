// /portal/translations: each offered language's stale and missing strings in the definitions the
// server runs (portal.translations; npm run check prints the same), for roles with
// definitions.view. A stale or missing string shows in English to the applicant: this page says
// which, and where the translation to bring up to date is (docs/product-ops.md "Translations").
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@web/src/api/trpc";
import { PortalFrame } from "./PortalFrame";
import { Failure, Loading } from "./PortalStates";
import { TableRegion } from "./TableRegion";

/** At most this many missing strings are listed per language; the count is always whole. */
const MISSING_SHOWN = 200;

function Translations() {
  const report = useQuery(trpc.portal.translations.queryOptions({}));
  if (report.isPending) return <Loading label="Reading the translations" />;
  if (report.error)
    return <Failure error={report.error} retry={() => void report.refetch()} what="the translations" />;
  return (
    <>
      <p className="page-intro">
        Strings stale (their English changed since they were translated) or missing show in English to an
        applicant who chose the language. Definitions version <code>{report.data.version}</code>.
      </p>
      {report.data.locales.map((l) => (
        <section key={l.locale} aria-labelledby={`translations-${l.locale}`}>
          <h2 id={`translations-${l.locale}`}>
            {l.locale}: {l.translated} current, {l.stale.length} stale, {l.missing.length} missing
          </h2>
          <h3>Stale</h3>
          {l.stale.length === 0 ? (
            <p>None.</p>
          ) : (
            <TableRegion label={`Stale strings (${l.locale})`} stack>
              <thead>
                <tr>
                  <th scope="col">Translation</th>
                  <th scope="col">What changed</th>
                </tr>
              </thead>
              <tbody>
                {l.stale.map((s) => (
                  <tr key={`${s.file}#${s.pointer}`}>
                    <td data-label="Translation">
                      <code>{`${s.file}:${s.line ?? "?"}:${s.column ?? "?"}`}</code>
                    </td>
                    <td data-label="What changed">{s.message}</td>
                  </tr>
                ))}
              </tbody>
            </TableRegion>
          )}
          <h3>Missing</h3>
          {l.missing.length === 0 ? (
            <p>None.</p>
          ) : (
            <TableRegion label={`Missing strings (${l.locale})`} stack>
              <thead>
                <tr>
                  <th scope="col">Source</th>
                  <th scope="col">English</th>
                  <th scope="col">Hash</th>
                </tr>
              </thead>
              <tbody>
                {l.missing.slice(0, MISSING_SHOWN).map((m) => (
                  <tr key={`${m.source}#${m.pointer}`}>
                    <td data-label="Source">
                      <code>{m.pointer === "" ? m.source : `${m.source}#${m.pointer}`}</code>
                      {m.pointer === "" ? " (the whole text)" : null}
                    </td>
                    <td data-label="English">{m.pointer === "" ? opening(m.english) : m.english}</td>
                    <td data-label="Hash">
                      <code>{m.en}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </TableRegion>
          )}
          {l.missing.length > MISSING_SHOWN ? (
            <p>
              {l.missing.length - MISSING_SHOWN} more: <code>npm run translations -- {l.locale}</code> lists
              them all by source.
            </p>
          ) : null}
        </section>
      ))}
    </>
  );
}

/** A whole text (a mail, a page) by its opening: its first 160 characters after the front matter. */
const opening = (text: string) => {
  const body = text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, "").trim();
  return body.length > 160 ? `${body.slice(0, 159)}…` : body;
};

export default function PortalTranslationsPage() {
  return (
    <PortalFrame title="Translations" requires={["definitions.view"]}>
      <Translations />
    </PortalFrame>
  );
}
