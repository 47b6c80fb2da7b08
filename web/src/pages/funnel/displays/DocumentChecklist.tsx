// The documents the applicant still has to provide, from documents.required (rules/documents.json
// on the saved application): each with its label, how many are needed and uploaded, and why.
// Uploading itself is not open yet; the page says so and offers nothing that pretends otherwise.
import { Spinner } from "@fluentui/react-components";
import { useQuery } from "@tanstack/react-query";
import type { DisplayProps } from "../../../../../engine/react/StepForm";
import { trpc } from "../../../api/trpc";
import { classifyApiError } from "../api-errors";
import { useDisplayStyles } from "./styles";

interface Requirement {
  documentType: string;
  borrower: "borrower" | "coborrower" | null;
  propertyId: string | null;
  count: number;
  uploaded: number;
  ruleId: string;
  reason: string;
}

/** A rule's description as the applicant reads it: without the params it cites for compliance staff. */
const plainReason = (reason: string) => reason.replace(/\s*\((?:see )?params\.[^)]*\)/g, "");

const GROUPS = [
  { key: "borrower", title: "Your documents" },
  { key: "coborrower", title: "Your co-borrower's documents" },
  { key: "property", title: "Property documents" },
] as const;

export function DocumentChecklist({ defs }: DisplayProps) {
  const styles = useDisplayStyles();
  const required = useQuery(trpc.documents.required.queryOptions(undefined));
  if (required.isPending) return <Spinner label="Working out which documents we need" />;
  if (required.error) return <p role="alert">{classifyApiError(required.error).message}</p>;

  const enums = defs.files.schemas["enums.json"] as { $defs?: Record<string, { oneOf?: { const: string; title: string }[] }> } | undefined;
  const labels = new Map((enums?.$defs?.documentType?.oneOf ?? []).map((o) => [o.const, o.title]));
  const requirements = required.data.requirements as Requirement[];
  const outstanding = requirements.filter((r) => r.uploaded < r.count).length;

  return (
    <div className={styles.stack}>
      <p className={styles.callout} role="status">
        <strong>Uploading opens soon.</strong> Keep these documents ready: we cannot approve your line without them.
      </p>
      <p className={styles.note}>
        {requirements.length === 0
          ? "From your answers so far, we do not need any documents."
          : `${outstanding} of ${requirements.length} ${requirements.length === 1 ? "document is" : "documents are"} still needed.`}
      </p>
      {GROUPS.map(({ key, title }) => {
        const items = requirements.filter((r) => (r.borrower ?? "property") === key);
        if (items.length === 0) return null;
        return (
          <section key={key} aria-label={title}>
            <h2 className={styles.groupTitle}>{title}</h2>
            <ul className={styles.checklist}>
              {items.map((r) => (
                <li key={`${r.ruleId}-${r.borrower}-${r.propertyId}`} className={styles.checkItem} data-document-type={r.documentType}>
                  <span className={styles.checkLabel}>
                    {labels.get(r.documentType) ?? r.documentType}
                    {r.count > 1 ? ` (${r.count})` : ""}
                  </span>
                  <span className={styles.checkCount}>
                    {r.uploaded >= r.count ? "Received" : `${r.uploaded} of ${r.count} uploaded`}
                  </span>
                  <p className={styles.checkReason}>{plainReason(r.reason)}</p>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
