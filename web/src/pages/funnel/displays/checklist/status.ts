// Where one document of the checklist stands, in words, from what the server returns: the
// requirement's counts (documents.required), the files with the lender's decision on each and the
// photo ID's review (uploads.list). Before the application is submitted a complete document is
// "Uploaded"; after, it waits for the lender ("In review") until every file is accepted.

import { displayWord } from "@engine/locale/display-words";
import { isSatisfied } from "@engine/lending/catalogue";

export type StatusKind = "needed" | "rejected" | "uploaded" | "inReview" | "accepted";

export interface RequirementStatus {
  kind: StatusKind;
  /** What the applicant reads, e.g. "Needed: 1 of 3 uploaded". */
  words: string;
}

export interface StatusInput {
  /** How many files (or, for a photo ID, sides) are needed, and how many are in. */
  needed: number;
  uploaded: number;
  /** "side" for a photo ID, counted by sides; "file" otherwise. */
  unit: "file" | "side";
  /** The lender's decision on each file of this document (null: nobody has looked yet). */
  decisions: ({ status: "accepted" | "rejected" } | null)[];
  /** A photo ID's review, if one was started. */
  idReview?: { status: "pending" | "approved" | "rejected" } | null;
  /** Whether the application is submitted (its files can no longer be removed). */
  submitted: boolean;
}

const neededOf = (done: number, needed: number, unit: "file" | "side") =>
  displayWord(
    unit === "file"
      ? "checklist.status.neededOf"
      : needed === 1
        ? "checklist.status.neededSides.one"
        : "checklist.status.neededSides.many",
    { done: Math.min(done, needed), count: needed },
  );

export function requirementStatus({
  needed,
  uploaded,
  unit,
  decisions,
  idReview,
  submitted,
}: StatusInput): RequirementStatus {
  const complete = isSatisfied({ count: needed, uploaded });
  if (!complete) {
    // A rejected file no longer counts: the document is wanted again, and the reason is on the file.
    if (idReview?.status === "rejected" || decisions.some((d) => d?.status === "rejected"))
      return { kind: "rejected", words: displayWord("checklist.status.rejected") };
    return {
      kind: "needed",
      words: uploaded > 0 ? neededOf(uploaded, needed, unit) : displayWord("checklist.status.needed"),
    };
  }
  if (idReview?.status === "approved")
    return { kind: "accepted", words: displayWord("checklist.status.verified") };
  if (idReview?.status === "pending")
    return { kind: "inReview", words: displayWord("checklist.status.inReview") };
  const counted = decisions.filter((d) => d?.status !== "rejected");
  if (unit === "file" && counted.length > 0 && counted.every((d) => d?.status === "accepted"))
    return { kind: "accepted", words: displayWord("checklist.status.accepted") };
  return submitted
    ? { kind: "inReview", words: displayWord("checklist.status.inReview") }
    : { kind: "uploaded", words: displayWord("checklist.status.uploaded") };
}
