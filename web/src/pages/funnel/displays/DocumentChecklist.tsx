// The documents the applicant still has to provide, from documents.required (rules/documents.json
// on the saved application): each with its label, where it stands, and why in the applicant's words
// (params.documents.applicantTexts); for each one still needed, a drop zone that uploads to
// POST /api/upload, several files at once, and on phones a camera input (for a photo ID, one per
// side the sides rule asks for). The files already sent are listed under their document, with
// previews, and can be removed until the application is submitted. The step's button keeps its own
// words ("I'll upload later") until every document is in; then it says what the place's
// `ui:options.submitTextWhenComplete` says. Each document is a RequirementItem (./checklist/).
import { Spinner } from "@fluentui/react-components";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import {
  addressLine,
  borrowerName,
  borrowerRoles,
  ownerRole,
  roleWords,
  wordsFor,
} from "@engine/lending/borrowers";
import {
  applicantText,
  enumTitles,
  idDocumentType,
  inSentence,
  subjectPropertyId,
} from "@engine/lending/documents";
import { roleLabel } from "@engine/funnel/members";
import { displayWord } from "@engine/locale/display-words";
import type { DisplayProps } from "@engine/react/StepForm";
import { queryClient } from "@web/src/api/query-client";
import { trpc } from "@web/src/api/trpc";
import { classifyApiError } from "../api-errors";
import { RequirementItem } from "./checklist/RequirementItem";
import { megabytes } from "./checklist/styles";
import { useDisplayStyles } from "./styles";
import { documentTitle, documentTypes, idTypes, idTypeTitle, isSatisfied } from "@engine/lending/catalogue";

/** The street address of the property a document is for: the home the line is for, or one of the other real estate. */
function propertyAddress(
  defs: DisplayProps["defs"],
  application: unknown,
  propertyId: string | null,
): string | null {
  if (propertyId === null) return null;
  const doc = (application ?? {}) as Record<string, unknown>;
  if (propertyId === subjectPropertyId(defs, doc)) return addressLine(doc.property);
  const owned = Array.isArray(doc.propertyOwnership)
    ? (doc.propertyOwnership as Record<string, unknown>[])
    : [];
  return addressLine(owned.find((p) => p.propertyId === propertyId || p.id === propertyId)?.address);
}

export function DocumentChecklist({ defs, application, options, setSubmitText, reader }: DisplayProps) {
  const styles = useDisplayStyles();
  const required = useQuery(trpc.documents.required.queryOptions(undefined));
  const mine = useQuery(trpc.uploads.list.queryOptions(undefined));
  const complete = required.data ? required.data.requirements.every(isSatisfied) : false;
  const whenComplete =
    typeof options.submitTextWhenComplete === "string" ? options.submitTextWhenComplete : null;
  useEffect(() => {
    if (!setSubmitText) return;
    setSubmitText(complete ? whenComplete : null);
    return () => setSubmitText(null);
  }, [setSubmitText, complete, whenComplete]);
  if (required.isPending || mine.isPending) return <Spinner label={displayWord("checklist.loading")} />;
  if (required.error) return <p role="alert">{classifyApiError(required.error).message}</p>;
  if (mine.error) return <p role="alert">{classifyApiError(mine.error).message}</p>;

  const idTitles = new Map(idTypes(defs).map((type) => [type, idTypeTitle(defs, type) ?? type]));
  const labels = {
    documentType: new Map(documentTypes(defs).map((type) => [type, documentTitle(defs, type)])),
    idType: idTitles,
    subtype: new Map([...idTitles, ...enumTitles(defs, "alimonyProofSubtype")]),
  };
  const { requirements } = required.data;
  const { uploads, identity, canRemove, maxBytes } = mine.data;
  const photoId = idDocumentType(defs);
  // One group per borrower ("Your documents", "Your co-borrower's documents"), then the property's;
  // an invited co-borrower reads of their own as "Your documents".
  // A borrower's documents are the reader's own, or another borrower's named by their role.
  const ownWhose = roleWords(defs, ownerRole(defs)).whose;
  const roleName = (role: string): string | null => {
    if (wordsFor(defs, role, reader).whose === ownWhose) return null;
    return inSentence(roleLabel(defs, role));
  };
  const groups = [
    ...borrowerRoles(defs).map((role) => {
      const name = roleName(role);
      return {
        key: role,
        title:
          name === null
            ? displayWord("checklist.ownDocuments")
            : displayWord("checklist.memberDocuments", { role: name }),
      };
    }),
    { key: "property", title: displayWord("checklist.propertyDocuments") },
  ];
  const outstanding = requirements.filter((r) => !isSatisfied(r)).length;
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: trpc.documents.required.queryKey(),
      }),
      queryClient.invalidateQueries({ queryKey: trpc.uploads.list.queryKey() }),
      // An upload is saved in the application: the page's revision moves on, or its Next would be refused as stale.
      queryClient.invalidateQueries({ queryKey: trpc.step.get.pathKey() }),
    ]);

  return (
    <div className={styles.stack}>
      <p className={styles.callout}>{displayWord("checklist.intro", { size: megabytes(maxBytes) })}</p>
      <p className={styles.note} role="status">
        {requirements.length === 0
          ? displayWord("checklist.noneNeeded")
          : outstanding === 0
            ? displayWord("checklist.allIn")
            : displayWord(
                requirements.length === 1 ? "checklist.stillNeeded.one" : "checklist.stillNeeded.many",
                {
                  outstanding,
                  total: requirements.length,
                },
              )}
      </p>
      {groups.map(({ key, title }) => {
        const items = requirements.filter((r) => (r.borrower ?? "property") === key);
        if (items.length === 0) return null;
        return (
          <section key={key} aria-label={title}>
            <h2 className={styles.groupTitle}>{title}</h2>
            <ul className={styles.checklist}>
              {items.map((r) => {
                const role = r.borrower ?? ownerRole(defs);
                const isId = r.documentType === photoId;
                const named = r.label || labels.documentType.get(r.documentType) || r.documentType;
                // A property's document names the property: each mortgage statement says which home it is for.
                const where = propertyAddress(defs, application, r.propertyId);
                const label = where ? `${named}: ${where}` : named;
                return (
                  <RequirementItem
                    key={`${r.ruleId}-${r.documentType}-${r.borrower}-${r.propertyId}`}
                    requirement={r}
                    role={role}
                    roleName={roleName(role)}
                    isId={isId}
                    label={label}
                    forWhom={
                      r.borrower
                        ? (borrowerName(defs, application, r.borrower) ??
                          wordsFor(defs, r.borrower, reader).who)
                        : null
                    }
                    applicantText={applicantText(defs, r.documentType)}
                    files={uploads.filter(
                      (u) =>
                        u.documentType === r.documentType &&
                        u.borrower === role &&
                        (r.propertyId === null || u.propertyId === r.propertyId),
                    )}
                    identity={isId ? identity.find((i) => i.borrower === r.borrower) : undefined}
                    idTypeLabel={(t) => labels.idType.get(t) ?? t}
                    subtypeLabel={(t) => labels.subtype.get(t) ?? t}
                    canRemove={canRemove}
                    maxBytes={maxBytes}
                    onChanged={refresh}
                  />
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
