// What step.get shows a reader of a stored application (their part, identifiers masked) and a
// step's prefill on it are worked out once per stored document, reader and day, and kept with the
// document (issue 34): the same stored text read again gives the same frozen view; a save, another
// reader's part or a document that is not a stored one as opened are worked out afresh.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { viewFor, partOf, OWNER_ROLE, writes } from "@engine/funnel/members";
import { prefillValues } from "@engine/logic/prefill";
import { transaction } from "@server/persistence/db/client";
import { applicationStore } from "@server/persistence/store/applications";
import { readerPage } from "@server/features/steps/reader-view";
import { makeApplicant, TWO_BORROWERS } from "../helpers/accounts";
import { testServer, type TestServer } from "../helpers/server";
import { todayIso } from "@engine/base/dates";

/** The machine's day, given to the engine at each call (it takes no default). */
const TODAY = todayIso();

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server?.close());

/** The demo's two-borrower application with the co-borrower answering their own part. */
async function stored() {
  const doc = structuredClone(TWO_BORROWERS);
  doc.coborrowerInvite = { answeredBy: "coborrower", email: doc.coborrower.email };
  const { applicationId } = await makeApplicant(server.services, { status: "application8", doc });
  const read = async () => (await applicationStore(server.services).byId(server.services.db, applicationId))!;
  return { read };
}

/** The day of the server's clock, as its requests take it. */
const serverDay = () => todayIso(server.services.now());
const step = (id: string) => server.services.defs.steps.get(id)!.def;
/** The view as worked out without keeping anything: the reader's part of `doc`, masked. */
const freshView = (part: ReturnType<typeof partOf>, doc: unknown) =>
  applicationStore(server.services).view(viewFor(server.services.defs, part, doc, serverDay()));

describe("what a reader is shown of a stored application", () => {
  it("gives the same frozen, masked view to each read of the same stored text", async () => {
    const { read } = await stored();
    const app = await read();
    const part = partOf(server.services.defs, OWNER_ROLE, app.doc, serverDay());
    const first = readerPage(server.services, part, app.doc, step("application8"), false);
    const again = readerPage(server.services, part, (await read()).doc, step("application8"), false);
    expect(again.view).toBe(first.view);
    expect(again.prefill).toBe(first.prefill);
    expect(JSON.stringify(first.view)).toBe(JSON.stringify(freshView(part, app.doc)));
    const view = first.view as Record<string, any>;
    expect(view.user.ssn).not.toBe(TWO_BORROWERS.user.ssn); // masked
    expect(String(view.user.ssn)).toContain(TWO_BORROWERS.user.ssn.slice(-4));
    expect(() => {
      view.user.firstName = "Changed";
    }).toThrow(TypeError);
  });

  it("keeps each reader's part apart on the same document", async () => {
    const { read } = await stored();
    const { doc } = await read();
    const owner = partOf(server.services.defs, OWNER_ROLE, doc, serverDay());
    const coborrower = partOf(server.services.defs, "coborrower", doc, serverDay());
    const ownerSees = readerPage(server.services, owner, doc, step("application8"), false).view;
    const coborrowerSees = readerPage(server.services, coborrower, doc, step("application8"), false).view;
    expect(JSON.stringify(ownerSees)).toBe(JSON.stringify(freshView(owner, doc)));
    expect(JSON.stringify(coborrowerSees)).toBe(JSON.stringify(freshView(coborrower, doc)));
    expect(JSON.stringify(coborrowerSees)).not.toBe(JSON.stringify(ownerSees));
  });

  it("works out the view again after a save, from what the save stored", async () => {
    const { read } = await stored();
    const app = await read();
    const part = partOf(server.services.defs, OWNER_ROLE, app.doc, serverDay());
    const before = readerPage(server.services, part, app.doc, step("application8"), false).view;
    const next = { ...app.doc, user: { ...(app.doc.user as object), phone: "6195550188" } };
    const store = applicationStore(server.services);
    expect(await transaction(server.services.db, (tx) => store.save(tx, app, next, app.status))).toBe(true);
    const saved = await read();
    const after = readerPage(server.services, part, saved.doc, step("application8"), false).view as Record<
      string,
      any
    >;
    expect(after).not.toBe(before);
    expect(after.user.phone).toBe("6195550188");
  });

  it("gives each step its own prefill, and none once the application is locked", async () => {
    const { read } = await stored();
    const { doc } = await read();
    const part = partOf(server.services.defs, OWNER_ROLE, doc, serverDay());
    const withPrefill = [...server.services.defs.steps.values()].map((s) => s.def).filter((s) => s.prefill);
    expect(withPrefill.length).toBeGreaterThan(1);
    for (const s of withPrefill) {
      const { view, prefill } = readerPage(server.services, part, doc, s, false);
      const expected = Object.fromEntries(
        Object.entries(prefillValues(server.services.defs, s, view, TODAY)).filter(([field]) =>
          writes(part, field),
        ),
      );
      expect(prefill, s.id).toEqual(expected);
    }
    expect(readerPage(server.services, part, doc, withPrefill[0]!, true).prefill).toEqual({});
  });

  it("keeps nothing for a document that is not a stored one as opened", async () => {
    const doc = structuredClone(TWO_BORROWERS);
    const part = partOf(server.services.defs, OWNER_ROLE, doc, serverDay());
    const first = readerPage(server.services, part, doc, step("application8"), false);
    doc.user.firstName = "Changed";
    const second = readerPage(server.services, part, doc, step("application8"), false);
    expect(second.view).not.toBe(first.view);
    expect((second.view as Record<string, any>).user.firstName).toBe("Changed");
  });
});

describe("the day a reader's page is worked out on", () => {
  // The server's clock, injected: a day the machine's clock is not on.
  let clock = new Date("2031-03-04T12:00:00Z");
  let dated: TestServer;
  beforeAll(async () => {
    dated = await testServer({ now: () => clock });
  });
  afterAll(() => dated?.close());

  it("is the server's day (services.now()), as the save's walk takes it, not the machine's", async () => {
    const doc = structuredClone(TWO_BORROWERS);
    const { applicationId } = await makeApplicant(dated.services, { status: "application8", doc });
    const { doc: opened } = (await applicationStore(dated.services).byId(dated.services.db, applicationId))!;
    const part = partOf(dated.services.defs, OWNER_ROLE, opened, todayIso(clock));
    const s = dated.services.defs.steps.get("application8")!.def;
    const first = readerPage(dated.services, part, opened, s, false);
    expect(readerPage(dated.services, part, opened, s, false).view).toBe(first.view);
    // The server's next day: what the reader is shown is worked out for it, not kept from the day before.
    clock = new Date("2031-03-05T12:00:00Z");
    const next = readerPage(dated.services, part, opened, s, false);
    expect(next.view).not.toBe(first.view);
    expect(next.view).toEqual(first.view);
    expect(next.prefill).toEqual(
      Object.fromEntries(
        Object.entries(prefillValues(dated.services.defs, s, next.view, "2031-03-05")).filter(([field]) =>
          writes(part, field),
        ),
      ),
    );
  });
});
