// The HMDA action taken (12 CFR 1003.4(a)(8)) from the loan file after submission: its milestone and
// the move that dates it, by rules/milestones.json params.hmdaActionTaken.
import { describe, expect, it } from "vitest";
import { actionTaken, type ActionRow } from "@engine/lending/action-taken";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const rows = (defs.params.milestones as unknown as { hmdaActionTaken: { rows: ActionRow[] } }).hmdaActionTaken
  .rows;

const step = (transition: string, at: string) => ({
  transition,
  from: "x",
  to: "y",
  at,
  by: { kind: "portal" as const, id: "staff-1", role: "admin" },
});
const loan = (milestone: string, ...history: ReturnType<typeof step>[]) => ({
  milestone,
  file: {
    history,
    declineReasons: milestone === "declined" ? ["insufficientIncome", "excessiveObligations"] : [],
  },
});
const REVIEWED = step("startReview", "2026-10-01T15:00:00.000Z");

describe("the HMDA action taken from the loan file", () => {
  it("reports an opened account as originated (1) on the day it opened, and still so once funded", () => {
    const opened = [
      REVIEWED,
      step("approve", "2026-10-05T15:00:00.000Z"),
      step("openAccount", "2026-10-20T16:00:00.000Z"),
    ];
    expect(actionTaken({}, loan("accountOpened", ...opened), rows)).toEqual({
      code: "1",
      date: "2026-10-20",
      reasonCodes: [],
    });
    expect(
      actionTaken({}, loan("funded", ...opened, step("fund", "2026-10-24T16:00:00.000Z")), rows),
    ).toMatchObject({ code: "1", date: "2026-10-20" });
  });

  it("reports a counteroffer the applicant declined as denied (3) on the terms they asked for, on the day they declined, with the counteroffer's reasons (comment 4(a)(8)(i)-9)", () => {
    const declined = loan(
      "declined",
      REVIEWED,
      step("counteroffer", "2026-10-05T15:00:00.000Z"),
      step("declineCounteroffer", "2026-10-07T15:00:00.000Z"),
    );
    const file = {
      ...declined.file,
      declineReasons: [],
      counteroffer: {
        terms: { lineAmount: 50000, apr: 8 },
        reasons: ["collateralValue"],
        offeredAt: "2026-10-05T15:00:00.000Z",
        answer: "declined" as const,
      },
    };
    expect(actionTaken({}, { ...declined, file }, rows)).toEqual({
      code: "3",
      date: "2026-10-07",
      reasonCodes: ["collateralValue"],
    });
  });

  it("reports a decline as denied (3) on the day decided, with its reasons", () => {
    expect(
      actionTaken({}, loan("declined", REVIEWED, step("decline", "2026-10-09T15:00:00.000Z")), rows),
    ).toEqual({
      code: "3",
      date: "2026-10-09",
      reasonCodes: ["insufficientIncome", "excessiveObligations"],
    });
  });

  it("reports a withdrawal as withdrawn (4) and a notice of incompleteness as closed for incompleteness (5)", () => {
    expect(
      actionTaken({}, loan("withdrawn", REVIEWED, step("withdraw", "2026-10-11T15:00:00.000Z")), rows),
    ).toEqual({ code: "4", date: "2026-10-11", reasonCodes: [] });
    expect(
      actionTaken({}, loan("incomplete", REVIEWED, step("markIncomplete", "2026-10-12T15:00:00.000Z")), rows),
    ).toEqual({ code: "5", date: "2026-10-12", reasonCodes: [] });
  });

  it("reports nothing for a file still in flight, even one that was once incomplete", () => {
    expect(
      actionTaken(
        {},
        loan(
          "inReview",
          REVIEWED,
          step("markIncomplete", "2026-10-12T15:00:00.000Z"),
          step("resumeReview", "2026-10-14T15:00:00.000Z"),
        ),
        rows,
      ),
    ).toEqual({ code: null, date: null, reasonCodes: [] });
  });

  it("keeps a cancellation under the right to cancel as approved but not accepted (2), on the day cancelled", () => {
    const doc = { rescission: { cancellation: { cancelledAt: "2026-10-22T16:00:00Z" } } };
    expect(
      actionTaken(doc, loan("rescinded", step("openAccount", "2026-10-20T16:00:00.000Z")), rows),
    ).toMatchObject({ code: "2", date: "2026-10-22" });
  });
});
