// Issue 34: the rules quote.current prices by and the steps members.progress plans after the due
// one are read on the server's day, its clock's (services.now(), which a test moves), never the
// machine's. Pricing that makes no offer after a day, and a step passed over after it, decide by
// the server's clock.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIso } from "@engine/base/dates";
import { makeApplicant, signInApplicant } from "../helpers/accounts";
import { copyDefinitions } from "../helpers/definitions";
import { browser, testServer, type TestServer } from "../helpers/server";

const DAY = 86_400_000;
/** The last day the edited rules hold: a few days after the machine's. */
const UNTIL = todayIso(new Date(Date.now() + 3 * DAY));
const BEFORE = new Date(Date.now() + DAY);
const AFTER = new Date(Date.now() + 5 * DAY);
const pastUntil = { ">": [{ var: "today" }, UNTIL] };
/** The step passed over once the server's day is past UNTIL. */
const DATED_STEP = "debtConsolidation";

let clock = BEFORE;
/** A server on `clock` over the definitions with `edit` made. */
function datedServer(edit: (copy: ReturnType<typeof copyDefinitions>) => void) {
  let server: TestServer;
  beforeAll(async () => {
    const copy = copyDefinitions();
    edit(copy);
    server = await testServer({ definitions: copy.dirs, now: () => clock });
  });
  afterAll(() => server?.close());
  return () => server;
}

/** A signed-in applicant whose answers price (the offer preview's), at `status`. */
async function applicant(server: TestServer, status: string) {
  const email = `dana.${randomUUID()}@example.com`;
  const who = await makeApplicant(server.services, {
    email,
    status,
    doc: {
      user: { email, firstName: "Dana", lastName: "Rivera" },
      setup: {
        propertyValue: 500000,
        mortgageBalance: 200000,
        propertyUsage: "primaryResidence",
        creditRange: "excellent",
      },
    },
  });
  const b = browser(server.url);
  await signInApplicant(b, email, who.password);
  return b;
}

describe("quote.current, on the server's day", () => {
  const server = datedServer((copy) =>
    copy.edit("rules/pricing.json", (pricing) => {
      pricing.rules.unshift({
        id: "pricing.after-until",
        description: `No offer after ${UNTIL}.`,
        when: pastUntil,
        output: "quote",
        emit: {
          eligible: false,
          route: "/app/ineligible/listed-for-sale",
          reasons: ["propertyListedForSale"],
        },
      });
    }),
  );
  const quoted = async () => (await applicant(server(), "previewOffer")).trpc.quote.current.query({});

  it("prices an offer while the server's day is within the pricing's days", async () => {
    clock = BEFORE;
    expect((await quoted()).eligible).toBe(true);
  });

  it("makes none once the server's clock is past them, whatever the machine's day", async () => {
    clock = AFTER;
    expect(todayIso() <= UNTIL).toBe(true); // the machine's day would still price an offer
    expect(await quoted()).toMatchObject({ eligible: false, ruleId: "pricing.after-until" });
  });
});

describe("members.progress's planned steps, on the server's day", () => {
  const server = datedServer((copy) =>
    copy.edit(`steps/application/debt-consolidation.json`, (step) => {
      step.skipWhen = pastUntil;
    }),
  );
  const planned = async () =>
    (await (await applicant(server(), "application")).trpc.members.progress.query()).parts[0]!.steps.map(
      (s) => s.id,
    );

  it("plans a step while the server's day is within the days it is asked", async () => {
    clock = BEFORE;
    expect(await planned()).toContain(DATED_STEP);
  });

  it("passes it over once the server's clock is past them, whatever the machine's day", async () => {
    clock = AFTER;
    expect(todayIso() <= UNTIL).toBe(true); // the machine's day would still plan it
    const steps = await planned();
    expect(steps).toContain("application8"); // the steps after it are still planned
    expect(steps).not.toContain(DATED_STEP);
  });
});
