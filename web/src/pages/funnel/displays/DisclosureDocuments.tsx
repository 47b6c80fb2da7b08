// The disclosure texts a step names in `ui:options.documents` (content/disclosures/<name>.md),
// each with its title and version, in a scrollable box that prints whole. The server sends each
// text (rendered from the set it serves, behind the same live gate as the steps: an edit reaches
// the page at its next load, with no rebuild) and the figures it writes as {{apr}},
// {{lineAmount}}... (esign.documents): the very text and values a signature records with the
// SHA-256, so the page shows exactly what is signed. A figure the server does not have shows as a
// placeholder.
// With `ui:options.pdfCheck` ({href, label}), a link to the applicant's own PDF (the E-SIGN
// consent's demonstration of access: the PDF prints the code the page asks for).
// With `ui:options.signedCopy`, the latest signing and its signed PDF are shown (after signing).
// With one document, the place's own heading names it, so its title is not repeated.
// With `ui:options.mustOpen` (the documents the step's giveDisclosures effect says must be opened:
// the CFPB booklet), each is folded behind an Open button; opening it tells the server
// (esign.openDocument), which records the text opened and when, and the step cannot be saved
// before. An opening recorded earlier (a reload) shows the text at once.
// With `ui:options.agreedAt` (a pointer to when the applicant agreed to these texts before, the
// E-SIGN consent of the account setup), the texts are folded under "You agreed to this on …": the
// same texts, not read twice.
import { displayWord } from "@engine/locale/display-words";
import { formatMoment } from "@engine/base/format";
import { Button, Spinner, makeStyles, mergeClasses } from "@fluentui/react-components";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { memo, useId, useState, type ReactNode } from "react";
import type { DisplayProps } from "@engine/react/StepForm";
import { getAt } from "@engine/base/pointer";
import { trpc } from "@web/src/api/trpc";
import { Prose } from "@web/src/pages/public/Prose";
import { fillValues } from "./disclosure-values";
import { stringList, withoutTitle } from "./markdown";
import { useDisplayStyles } from "./styles";

const useStyles = makeStyles({
  signed: { display: "grid", gap: "6px" },
  download: { fontWeight: 600 },
  languageNote: { margin: "0 0 8px", fontStyle: "italic" },
  folded: { display: "grid", gap: "8px", justifyItems: "start", padding: "4px 16px 16px" },
});

interface ServerDocument {
  id: string;
  title: string;
  version: string;
  sha256: string;
  values: Record<string, string>;
  html: string;
  /** The text's language ("en" unless a reviewed translation in the reader's exists). */
  language?: string;
  /** Why a reader of another language reads it in English, in their language (null: no need). */
  note?: string | null;
}

// Memoized: the display re-renders as the applicant types on the same page; the text does not change.
const DisclosureDocument = memo(function DisclosureDocument({
  name,
  server,
  showTitle,
  folded,
}: {
  name: string;
  server: ServerDocument | undefined;
  showTitle: boolean;
  /** Shown instead of the text while it must still be opened. */
  folded?: ReactNode;
}) {
  const styles = useDisplayStyles();
  const own = useStyles();
  const titleId = useId();
  if (!server?.html) return <p role="alert">{displayWord("documents.notFound", { name })}</p>;
  const title = server.title || name;
  const version = server.version;
  return (
    // Named by its title in the title's own language (an English legal text's title is marked
    // lang="en" on a Spanish page), hidden where the step's heading already shows it.
    <section
      className={styles.document}
      aria-labelledby={titleId}
      data-document={name}
      data-version={version}
    >
      <div className={styles.documentHeader}>
        {showTitle ? (
          <h3 id={titleId} className={styles.documentTitle} lang={server.language ?? "en"}>
            {title}
          </h3>
        ) : (
          <span id={titleId} className="visually-hidden" lang={server.language ?? "en"}>
            {title}
          </span>
        )}
        {version ? (
          <span className={styles.version}>{displayWord("documents.version", { version })}</span>
        ) : null}
      </div>
      {server.note ? (
        <p className={own.languageNote} lang={document.documentElement.lang}>
          {server.note}
        </p>
      ) : null}
      {folded ?? (
        <div
          className={styles.documentBody}
          tabIndex={0}
          role="region"
          aria-label={title}
          lang={server.language ?? "en"}
        >
          <Prose html={fillValues(withoutTitle(server.html), server.values)} />
        </div>
      )}
    </section>
  );
});

/** A document that must be opened: its Open button records the opening, then the text shows. */
function MustOpen({
  stepId,
  name,
  server,
  showTitle,
  openedBefore,
}: {
  stepId: string;
  name: string;
  server: ServerDocument | undefined;
  showTitle: boolean;
  openedBefore: boolean;
}) {
  const styles = useDisplayStyles();
  const own = useStyles();
  const queryClient = useQueryClient();
  const [openedNow, setOpened] = useState(false);
  // The step's cached page (Back) may predate the opening: the record is read again, and an
  // opening seen either way stays shown.
  const open = useMutation(
    trpc.esign.openDocument.mutationOptions({
      onSuccess: () => {
        setOpened(true);
        void queryClient.invalidateQueries({ queryKey: trpc.step.get.queryKey({ stepId }) });
      },
    }),
  );
  if (openedBefore || openedNow)
    return <DisclosureDocument name={name} server={server} showTitle={showTitle} />;
  const title = server?.title || name;
  // The title in the text's own language (English until a reviewed translation), inside the button's words.
  const [beforeTitle, afterTitle] = displayWord("documents.open", { title: "\u0000" }).split("\u0000");
  const folded = (
    <div className={own.folded} data-must-open={name}>
      <p>{displayWord("documents.mustOpen")}</p>
      <Button
        appearance="primary"
        onClick={() => open.mutate({ stepId, document: name })}
        disabled={open.isPending}
      >
        {/* One child: a Fluent button is a flex box, whose children each become a block (splitting
            the name read out, "Open “ What… ”"); inside this one the title runs inline. */}
        <span>
          {beforeTitle}
          <span lang={server?.language ?? "en"}>{title}</span>
          {afterTitle}
        </span>
      </Button>
      {open.isError ? (
        <p role="alert" className={styles.callout}>
          {displayWord("documents.openFailed", { error: open.error.message })}
        </p>
      ) : null}
    </div>
  );
  return <DisclosureDocument name={name} server={server} showTitle={showTitle} folded={folded} />;
}

const signedTime = (iso: string) =>
  formatMoment(iso, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  });

/** The latest signing, with the link to its signed PDF; nothing before the first signing. */
function SignedCopy() {
  const styles = useDisplayStyles();
  const own = useStyles();
  const status = useQuery(trpc.esign.status.queryOptions());
  const signing = status.data?.signing;
  if (!signing) return null;
  const names = signing.signers.map((s) => s.typedName).join(displayWord("documents.signersJoin"));
  return (
    <div className={mergeClasses(styles.callout, own.signed)} role="status">
      <span>{displayWord("documents.signedBy", { names, time: signedTime(signing.signedAt) })}</span>
      <a className={own.download} href={signing.pdfUrl} download="heloc-disclosures-signed.pdf">
        {displayWord("documents.downloadSigned")}
      </a>
      <span>{displayWord("documents.signAgain")}</span>
    </div>
  );
}

/** `ui:options.pdfCheck`: the link to the applicant's own PDF whose code the consent asks for (its words are the step's). */
function pdfCheckOf(value: unknown): { href: string; label: string } | null {
  if (!value || typeof value !== "object") return null;
  const { href, label } = value as Record<string, unknown>;
  return typeof href === "string" && href.startsWith("/api/") && typeof label === "string"
    ? { href, label }
    : null;
}

const agreedDay = (iso: string) => formatMoment(iso, { year: "numeric", month: "long", day: "numeric" });

/** The texts opened before (document and SHA-256): the very text shown now counts, an older one does not. */
const openedOn = (application: unknown): string[] => {
  const list = getAt(application, "/disclosuresGiven/opened");
  return Array.isArray(list)
    ? list.map((o) => `${(o as { document?: string }).document}:${(o as { sha256?: string }).sha256}`)
    : [];
};

export function DisclosureDocuments({ options, application, stepId }: DisplayProps) {
  const styles = useDisplayStyles();
  const names = stringList(options.documents);
  const mustOpen = stringList(options.mustOpen);
  const openedBefore = openedOn(application);
  const documents = useQuery({
    ...trpc.esign.documents.queryOptions({ ids: names }),
    enabled: names.length > 0,
  });
  const signedCopy = options.signedCopy === true ? <SignedCopy /> : null;
  if (names.length === 0) return signedCopy;
  if (documents.isPending) return <Spinner label={displayWord("documents.preparing")} />;
  if (documents.isError)
    return (
      <p role="alert" className={styles.callout}>
        {displayWord("documents.prepareFailed")}
      </p>
    );
  const byId = new Map(documents.data.documents.map((d) => [d.id, d]));
  const texts = (
    <>
      {/* A document the server does not give this application (its appliesWhen is false) is not shown. */}
      {names
        .filter((name) => byId.has(name))
        .map((name) =>
          mustOpen.includes(name) ? (
            <MustOpen
              key={name}
              stepId={stepId}
              name={name}
              server={byId.get(name)}
              showTitle={names.length > 1}
              openedBefore={openedBefore.includes(`${name}:${byId.get(name)?.sha256}`)}
            />
          ) : (
            <DisclosureDocument key={name} name={name} server={byId.get(name)} showTitle={names.length > 1} />
          ),
        )}
    </>
  );
  const agreed = typeof options.agreedAt === "string" ? getAt(application, options.agreedAt) : undefined;
  const pdf = pdfCheckOf(options.pdfCheck);
  return (
    <div className={styles.stack}>
      {signedCopy}
      {typeof agreed === "string" && agreed !== "" ? (
        <details className={styles.callout} data-agreed-at={agreed}>
          <summary>{displayWord("documents.agreedOn", { day: agreedDay(agreed) })}</summary>
          {texts}
        </details>
      ) : (
        texts
      )}
      {pdf ? (
        <p>
          <a href={pdf.href} target="_blank" rel="noopener" data-pdf-check="true">
            {pdf.label}
          </a>
        </p>
      ) : null}
    </div>
  );
}
