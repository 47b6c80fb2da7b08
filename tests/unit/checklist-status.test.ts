// Where a document of the applicant's checklist stands, in words (web/src/pages/funnel/displays/checklist/status.ts),
// from what documents.required and uploads.list return.
import { describe, expect, it } from "vitest";
import { requirementStatus } from "@web/src/pages/funnel/displays/checklist/status";

const files = { unit: "file" as const, submitted: false };

describe("a document's status on the checklist", () => {
  it("is needed until every file is in, saying how many are", () => {
    expect(requirementStatus({ ...files, needed: 3, uploaded: 0, decisions: [] })).toEqual({
      kind: "needed",
      words: "Needed",
    });
    expect(requirementStatus({ ...files, needed: 3, uploaded: 1, decisions: [null] })).toEqual({
      kind: "needed",
      words: "Needed: 1 of 3 uploaded",
    });
    expect(
      requirementStatus({ needed: 2, uploaded: 1, unit: "side", decisions: [null], submitted: false }).words,
    ).toBe("Needed: 1 of 2 sides uploaded");
  });

  it("is uploaded once all are in before submission, and in review after it until the lender accepts every file", () => {
    expect(requirementStatus({ ...files, needed: 2, uploaded: 2, decisions: [null, null] })).toEqual({
      kind: "uploaded",
      words: "Uploaded",
    });
    expect(
      requirementStatus({
        ...files,
        needed: 2,
        uploaded: 2,
        decisions: [null, { status: "accepted" }],
        submitted: true,
      }),
    ).toEqual({ kind: "inReview", words: "In review" });
    expect(
      requirementStatus({
        ...files,
        needed: 2,
        uploaded: 2,
        decisions: [{ status: "accepted" }, { status: "accepted" }],
        submitted: true,
      }).kind,
    ).toBe("accepted");
  });

  it("is rejected when the lender rejected a file and no new one replaced it", () => {
    expect(
      requirementStatus({
        ...files,
        needed: 1,
        uploaded: 0,
        decisions: [{ status: "rejected" }],
        submitted: true,
      }).kind,
    ).toBe("rejected");
    // A new file after the rejection: in again, the rejected one no longer counts.
    expect(
      requirementStatus({
        ...files,
        needed: 1,
        uploaded: 1,
        decisions: [{ status: "rejected" }, { status: "accepted" }],
        submitted: true,
      }).kind,
    ).toBe("accepted");
  });

  it("follows a photo ID's review: in review, verified, or rejected", () => {
    const id = { unit: "side" as const, needed: 2, decisions: [null, null], submitted: false };
    expect(requirementStatus({ ...id, uploaded: 2, idReview: { status: "pending" } }).words).toBe(
      "In review",
    );
    expect(requirementStatus({ ...id, uploaded: 2, idReview: { status: "approved" } }).words).toBe(
      "Verified",
    );
    expect(requirementStatus({ ...id, uploaded: 0, idReview: { status: "rejected" } }).kind).toBe("rejected");
  });
});
