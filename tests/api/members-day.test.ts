// Issue 34: who answers which part of an application (rules/members.json) is decided on the
// server's day, its clock's (services.now(), which a test moves), as its walks are: never the
// machine's. A members rule set that lets an invited co-borrower answer their part only until a
// day decides by the server's clock: the reader's part on step.get, the progress page, and the
// page a save of the invite sends the borrower to.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIso } from "@engine/base/dates";
import { memberRole } from "@engine/funnel/members";
import { makeApplicant, signInApplicant, TWO_BORROWERS } from "../helpers/accounts";
import { copyDefinitions, repo } from "../helpers/definitions";
import { browser, newestMail, testServer, type TestServer } from "../helpers/server";

const DAY = 86_400_000;
/** The last day an invited co-borrower answers their part: a few days after the machine's. */
const UNTIL = todayIso(new Date(Date.now() + 3 * DAY));
const BEFORE = new Date(Date.now() + DAY);
const AFTER = new Date(Date.now() + 5 * DAY);

let clock = BEFORE;
let server: TestServer;
beforeAll(async () => {
  const copy = copyDefinitions();
  copy.edit("rules/members.json", (members) => {
    const answers = members.rules.find((r: { id: string }) => r.id === "members.coborrower-answers");
    answers.description += ` Until ${UNTIL}.`;
    answers.when.and.push({ "<=": [{ var: "today" }, UNTIL] });
  });
  server = await testServer({ definitions: copy.dirs, now: () => clock });
});
afterAll(() => server?.close());

/** What the co-borrower always gives themselves, and their whole part while they answer it (rules/members.json). */
const { owns, signs: THEIR_OWN } = memberRole(repo.defs, "coborrower");
const THEIR_PART = [...owns, ...THEIR_OWN];

/** A signed-in borrower on the server's day who invites their co-borrower to answer their part. */
async function invitingBorrower() {
  // The demo's two borrowers, the co-borrower's details not given yet: the invite page is due.
  const { coborrower: _c, ...rest } = TWO_BORROWERS;
  const email = `maria.${randomUUID()}@example.com`;
  const doc = { ...rest, user: { ...rest.user, email } };
  const who = await makeApplicant(server.services, { email, status: "coborrowerInvite", doc });
  const b = browser(server.url);
  await signInApplicant(b, email, who.password);
  const invitee = `sam.${randomUUID()}@example.com`;
  const sent = await b.trpc.step.submit.mutate({
    stepId: "coborrowerInvite",
    answers: { coborrowerInvite: { answeredBy: "coborrower", email: invitee } },
  });
  return { b, sent, invitee };
}

describe("a co-borrower's access, on the server's day", () => {
  it("lets them answer their part while the server's day is within the invite's days", async () => {
    clock = BEFORE;
    const { b, sent, invitee } = await invitingBorrower();
    // Their details are theirs to give: the borrower goes past them, and the invite to answer is mailed.
    expect(sent).toMatchObject({ stepId: "application3" });
    expect(newestMail(server.dataDir, invitee)).toMatch(/\/app\/join\?token=/);
    expect((await b.trpc.step.get.query({ stepId: "application" })).part).toMatchObject({
      except: THEIR_PART,
    });
    const progress = await b.trpc.members.progress.query();
    expect(progress.parts.find((p) => p.role === "coborrower")).toMatchObject({ access: "answers" });
  });

  it("leaves them only what they give themselves once the server's clock is past those days, whatever the machine's day", async () => {
    clock = AFTER;
    expect(todayIso() <= UNTIL).toBe(true); // the machine's day would still let them answer
    const { b, sent } = await invitingBorrower();
    // The borrower answers the co-borrower's details for them: that page is next.
    expect(sent).toMatchObject({ stepId: "application2" });
    expect((await b.trpc.step.get.query({ stepId: "application" })).part).toMatchObject({
      except: THEIR_OWN,
    });
    const progress = await b.trpc.members.progress.query();
    expect(progress.parts.find((p) => p.role === "coborrower")).toMatchObject({ access: "signs" });
  });
});
