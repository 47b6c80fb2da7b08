// Each borrower's part of the application and how far it is answered (members.progress): one card
// per part saying whose it is, whether they have joined, and its steps as a checklist. Only the
// reader's own steps are links, and only those they can open now (answered, or the next one): the
// other borrower's answers are theirs alone. The property, a fact both share, heads the page.
import { ROUTES } from "@engine/base/routes";
import { Button, makeStyles, Spinner } from "@fluentui/react-components";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Link } from "react-router-dom";
import type { inferRouterOutputs } from "@trpc/server";
import { addressLine } from "@engine/lending/borrowers";
import { formatCurrency } from "@engine/base/format";
import { displayWord } from "@engine/locale/display-words";
import type { AppRouter } from "@server/transport/trpc/router";
import { trpc } from "@web/src/api/trpc";
import { classifyApiError } from "../api-errors";
import { useDisplayStyles } from "./styles";

type Progress = inferRouterOutputs<AppRouter>["members"]["progress"];
type PartProgress = Progress["parts"][number];

const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** "You", "Your co-borrower, Sam Lee" (to the owner), "The borrower, Alex Doe" (to a member). */
function whoseTitle(part: PartProgress, readerIsOwner: boolean): string {
  if (part.you) return displayWord("appProgress.you");
  const who = displayWord(readerIsOwner ? "appProgress.yourRole" : "appProgress.theRole", {
    role: lower(part.label),
  });
  return part.name ? `${who}, ${part.name}` : who;
}

/** The part's state in words: the chip is read, never told by its colour alone. */
function stateText(part: PartProgress, done: number, total: number, submitted: boolean): string {
  const finished = total > 0 && done === total;
  if (submitted) return displayWord("appProgress.submitted");
  const signsOnly = part.access === "signs";
  if (part.state === "notInvited")
    return displayWord(signsOnly ? "appProgress.signsLater" : "appProgress.notInvited");
  if (part.state === "invited")
    return displayWord(signsOnly ? "appProgress.invitedToSign" : "appProgress.invited");
  if (part.state === "joined")
    return displayWord(
      part.you
        ? "appProgress.joined"
        : finished
          ? signsOnly
            ? "appProgress.joinedSigned"
            : "appProgress.joinedAllIn"
          : signsOnly
            ? "appProgress.joinedSigning"
            : "appProgress.joinedAnswering",
    );
  return displayWord(finished ? "appProgress.allIn" : "appProgress.answering");
}

const useStyles = makeStyles({
  property: { padding: "12px 16px", borderLeft: "4px solid var(--gold)", background: "#fbf7e9" },
  propertyTitle: { margin: "0 0 4px", fontSize: "16px", color: "var(--ink)" },
  propertyLine: { margin: 0, color: "var(--ink)", overflowWrap: "anywhere" },
  propertyValue: { margin: "2px 0 0", fontSize: "14px", color: "var(--secondary)" },
  parts: { listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "16px" },
  card: {
    border: "1px solid var(--line)",
    background: "#fff",
    padding: "16px",
    display: "grid",
    gap: "8px",
    minWidth: 0,
  },
  header: {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    justifyContent: "space-between",
    columnGap: "12px",
    rowGap: "6px",
  },
  title: {
    margin: 0,
    fontSize: "18px",
    lineHeight: 1.3,
    color: "var(--brand-dark)",
    overflowWrap: "anywhere",
  },
  chip: {
    display: "inline-flex",
    alignItems: "center",
    gap: "6px",
    padding: "2px 10px",
    fontSize: "14px",
    fontWeight: 600,
    lineHeight: 1.6,
  },
  chipInvited: { color: "#5c4400", background: "#fff3c4", border: "1px solid #d4af37" },
  chipJoined: { color: "#0e493b", background: "#e6f4ee", border: "1px solid #14755e" },
  chipAnswering: { color: "var(--ink)", background: "var(--tint)", border: "1px solid var(--line)" },
  count: { margin: 0, fontSize: "14px", color: "var(--secondary)" },
  steps: { listStyle: "none", margin: 0, padding: 0, display: "grid", gap: "2px" },
  step: {
    display: "grid",
    gridTemplateColumns: "20px minmax(0, 1fr) auto",
    alignItems: "baseline",
    columnGap: "8px",
    padding: "6px 0",
    borderTop: "1px solid #eef2f0",
  },
  mark: { fontWeight: 700, textAlign: "center" },
  markDone: { color: "#0e700e" },
  markToDo: { color: "var(--secondary)" },
  label: { color: "var(--ink)", overflowWrap: "anywhere" },
  link: { color: "var(--brand-dark)", fontWeight: 600 },
  status: { fontSize: "13px", color: "var(--secondary)", whiteSpace: "nowrap" },
  statusDone: { color: "#0e700e", fontWeight: 600 },
  remind: { display: "grid", gap: "4px", justifyItems: "start" },
});

export function ApplicationProgress() {
  const styles = useDisplayStyles();
  const own = useStyles();
  const propertyId = useId();
  const progress = useQuery(trpc.members.progress.queryOptions(undefined));
  if (progress.isPending) return <Spinner label={displayWord("appProgress.loading")} />;
  if (progress.error) return <p role="alert">{classifyApiError(progress.error).message}</p>;

  const { parts, submitted } = progress.data;
  // The property as the reader's view holds it (schemas/property.json), any of its fields absent.
  const property = (progress.data.property ?? {}) as Record<string, unknown>;
  const address = addressLine(property);
  const value = typeof property.value === "number" ? property.value : null;
  const readerIsOwner = parts.some((p) => p.you && p.owner);
  // The link inside the sentence as the language orders it.
  const [beforeLink, afterLink] = displayWord("appProgress.submittedNote", { link: "\u0000" }).split(
    "\u0000",
  );
  return (
    <div className={styles.stack}>
      {address || value !== null ? (
        <section className={own.property} aria-labelledby={propertyId}>
          <h2 className={own.propertyTitle} id={propertyId}>
            {displayWord("appProgress.property")}
          </h2>
          {address ? <p className={own.propertyLine}>{address}</p> : null}
          {value !== null ? (
            <p className={own.propertyValue}>
              {displayWord("appProgress.value", { value: formatCurrency(value) })}
            </p>
          ) : null}
        </section>
      ) : null}
      {submitted ? (
        <p className={styles.callout} role="status">
          {beforeLink}
          <Link to={ROUTES.upload}>{displayWord("appProgress.uploadHere")}</Link>
          {afterLink}
        </p>
      ) : null}
      <ul className={own.parts} aria-label={displayWord("appProgress.parts")}>
        {parts.map((part) => (
          <PartCard
            key={part.role}
            part={part}
            title={whoseTitle(part, readerIsOwner)}
            submitted={submitted}
            canRemind={readerIsOwner}
          />
        ))}
      </ul>
    </div>
  );
}

/** "Remind Sam": a new invite link, or a mail to sign in and carry on (members.remind); its result is announced. */
function Remind({ part }: { part: PartProgress }) {
  const own = useStyles();
  const remind = useMutation(trpc.members.remind.mutationOptions());
  const first = part.name?.split(" ")[0] ?? lower(part.label);
  return (
    <div className={own.remind}>
      <Button
        appearance="secondary"
        disabledFocusable={remind.isPending}
        onClick={() => remind.mutate({ role: part.role })}
      >
        {displayWord("appProgress.remind", { name: first })}
      </Button>
      <p role="status" className={own.count}>
        {remind.isSuccess
          ? remind.data.joined
            ? displayWord("appProgress.remindedJoined", { email: remind.data.sentTo })
            : displayWord("appProgress.remindedLink", { email: remind.data.sentTo })
          : remind.error
            ? classifyApiError(remind.error).message
            : ""}
      </p>
    </div>
  );
}

function PartCard({
  part,
  title,
  submitted,
  canRemind,
}: {
  part: PartProgress;
  title: string;
  submitted: boolean;
  canRemind: boolean;
}) {
  const own = useStyles();
  const done = part.steps.filter((s) => s.done).length;
  const total = part.steps.length;
  const remindable =
    canRemind &&
    !part.you &&
    !submitted &&
    (part.state === "invited" || (part.state === "joined" && done < total));
  // The reader opens what they answered and the next step; the ones after come in order.
  const next = part.steps.find((s) => !s.done);
  const chip = submitted
    ? own.chipJoined
    : part.state === "invited" || part.state === "notInvited"
      ? own.chipInvited
      : part.state === "joined"
        ? own.chipJoined
        : own.chipAnswering;
  return (
    <li className={own.card} data-role={part.role}>
      <div className={own.header}>
        <h2 className={own.title}>{title}</h2>
        <span className={`${own.chip} ${chip}`}>
          <span aria-hidden="true">
            {submitted
              ? "✓"
              : part.state === "invited" || part.state === "notInvited"
                ? "✉"
                : part.state === "joined"
                  ? "✓"
                  : "✎"}
          </span>
          {stateText(part, done, total, submitted)}
        </span>
      </div>
      <p className={own.count}>
        {displayWord(total === 1 ? "appProgress.count.one" : "appProgress.count.many", { done, total })}
      </p>
      {remindable ? <Remind part={part} /> : null}
      {total > 0 ? (
        <ul className={own.steps} aria-label={displayWord("appProgress.steps", { title })}>
          {part.steps.map((step) => {
            const opens = part.you && !submitted && (step.done || step === next);
            return (
              <li key={step.id} className={own.step} data-step={step.id}>
                <span className={`${own.mark} ${step.done ? own.markDone : own.markToDo}`} aria-hidden="true">
                  {step.done ? "✓" : "○"}
                </span>
                <span className={own.label}>
                  {opens ? (
                    <Link className={own.link} to={step.route}>
                      {step.label}
                    </Link>
                  ) : (
                    step.label
                  )}
                </span>
                <span className={`${own.status} ${step.done ? own.statusDone : ""}`}>
                  {displayWord(
                    step.done
                      ? "appProgress.done"
                      : step === next && part.you && !submitted
                        ? "appProgress.next"
                        : "appProgress.toDo",
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </li>
  );
}
