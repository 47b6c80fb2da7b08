// The portal as a loan officer's workbench (issue 23, item 9), on the server: the pipeline's
// search, filters, sort and pages (inputs bounded by schemas/api.json#/properties/portalPipelineQuery),
// the offer figures beside each application, and notes on a file (sealed, audited, kept to the
// partner and, for a loan officer, to the files assigned to them).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  applicationMembers,
  applicationNotes,
  applications,
  auditEvents,
} from "@server/persistence/db/schema";
import { makeApplicant, makePartner, makePortalUser, signedInStaff, signInPortal } from "../helpers/accounts";
import { browser, testServer, type TestServer } from "../helpers/server";
import { codeOf, fieldErrorsOf } from "../helpers/trpc-errors";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

const staffOf = (role: string, options: { partnerId?: string } = {}) => signedInStaff(server, role, options);

const applicantWithSsn = () =>
  makeApplicant(server.services, {
    status: "application3",
    doc: { user: { firstName: "Maria", lastName: "Alvarez", ssn: "518274961" } },
  });
const assignTo = async (applicationId: string, loanOfficerId: string | null) =>
  server.services.db.update(applications).set({ loanOfficerId }).where(eq(applications.id, applicationId));

describe("searching, filtering and sorting the pipeline", () => {
  // A partner of its own, so the other tests' applications do not crowd the pages.
  async function brokerWithApplications() {
    const partnerId = await makePartner(server.services);
    const admin = await staffOf("admin", { partnerId });
    const officer = await makePortalUser(server.services, { role: "loanOfficer", partnerId });
    const tag = crypto.randomUUID().slice(0, 8);
    const make = async (
      firstName: string,
      mailbox: string,
      status: string,
      value: number,
      owed: number,
      created: string,
      officerId: string | null,
    ) => {
      const email = `${mailbox}+${tag}@${mailbox === "ben" ? "mailbox.example" : "example.com"}`;
      const app = await makeApplicant(server.services, {
        email,
        status,
        doc: {
          user: { firstName, lastName: "Tester", email },
          setup: {
            propertyValue: value,
            mortgageBalance: owed,
            propertyUsage: "primaryResidence",
            creditRange: "excellent",
          },
        },
      });
      const at = new Date(`${created}T12:00:00Z`);
      await server.services.db
        .update(applications)
        .set({ partnerId, createdAt: at, updatedAt: at, loanOfficerId: officerId })
        .where(eq(applications.id, app.applicationId));
      return app.applicationId;
    };
    const ids = {
      ana: await make("Ana", "ana.search", "application3", 500000, 200000, "2026-03-01", officer.id),
      ben: await make("Ben", "ben", "incomeDocs", 800000, 100000, "2026-04-10", null),
      cy: await make("Cy", "cy", "application3", 300000, 250000, "2026-05-20", officer.id),
    };
    return { admin, officer, ids };
  }
  const idsOf = (result: { applications: { id: string }[] }) => result.applications.map((a) => a.id);

  it("finds an application by part of a borrower's name or email, or the start of its id", async () => {
    const { admin, ids } = await brokerWithApplications();
    expect(idsOf(await admin.b.trpc.portal.applications.list.query({ search: "ana" }))).toEqual([ids.ana]);
    expect(idsOf(await admin.b.trpc.portal.applications.list.query({ search: "MAILBOX.example" }))).toEqual([
      ids.ben,
    ]);
    expect(idsOf(await admin.b.trpc.portal.applications.list.query({ search: ids.cy.slice(0, 8) }))).toEqual([
      ids.cy,
    ]);
    expect((await admin.b.trpc.portal.applications.list.query({ search: "nobody-by-this-name" })).total).toBe(
      0,
    );
  });

  it("filters by step, by loan officer (or nobody) and by a date range of whole days", async () => {
    const { admin, officer, ids } = await brokerWithApplications();
    expect(idsOf(await admin.b.trpc.portal.applications.list.query({ status: "incomeDocs" }))).toEqual([
      ids.ben,
    ]);
    expect(
      idsOf(
        await admin.b.trpc.portal.applications.list.query({
          loanOfficerId: officer.id,
          sort: "created",
          order: "asc",
        }),
      ),
    ).toEqual([ids.ana, ids.cy]);
    expect(idsOf(await admin.b.trpc.portal.applications.list.query({ loanOfficerId: "none" }))).toEqual([
      ids.ben,
    ]);
    expect(
      idsOf(
        await admin.b.trpc.portal.applications.list.query({
          dateOf: "created",
          from: "2026-04-10",
          to: "2026-05-20",
          sort: "created",
        }),
      ),
    ).toEqual([ids.cy, ids.ben]);
    const listed = await admin.b.trpc.portal.applications.list.query();
    expect(listed.steps).toEqual(
      expect.arrayContaining([{ id: "incomeDocs", label: "Income Docs", count: 1 }]),
    );
  });

  it("shows each application's line, APR and CLTV as the pricing rules give them, and sorts by the line", async () => {
    const { admin, ids } = await brokerWithApplications();
    const result = await admin.b.trpc.portal.applications.list.query({ sort: "lineAmount" });
    expect(idsOf(result)).toEqual([ids.ben, ids.ana, ids.cy]);
    // $500,000 at 85% less $200,000 owed: a $225,000 line at 8.24% (the index plus a 0.74% margin),
    // (200,000 + 225,000) ÷ 500,000, with an origination fee of 1.99% of the line in whole dollars.
    const ana = { lineAmount: 225000, apr: 8.24, cltv: 0.85, margin: 0.74, originationFee: 4477 };
    expect(result.applications[1]!.offer).toEqual(ana);
    // $300,000 at 85% is $255,000, barely above the $250,000 owed: too little equity for a line.
    expect(result.applications[2]!.offer).toBeNull();
    expect(
      idsOf(await admin.b.trpc.portal.applications.list.query({ sort: "lineAmount", order: "asc" })),
    ).toEqual([ids.ana, ids.ben, ids.cy]);
    expect((await admin.b.trpc.portal.applications.get.query({ applicationId: ids.ana })).offer).toEqual(ana);
  });

  it("pages the results and says how many there are", async () => {
    const { admin, ids } = await brokerWithApplications();
    const first = await admin.b.trpc.portal.applications.list.query({ pageSize: 2, sort: "created" });
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(idsOf(first)).toEqual([ids.cy, ids.ben]);
    expect(
      idsOf(await admin.b.trpc.portal.applications.list.query({ pageSize: 2, page: 2, sort: "created" })),
    ).toEqual([ids.ana]);
    expect(
      idsOf(
        await admin.b.trpc.portal.applications.list.query({
          search: "tester",
          pageSize: 1,
          page: 3,
          sort: "created",
        }),
      ),
    ).toEqual([ids.ana]);
  });

  it("keeps a loan officer's search to the applications assigned to them", async () => {
    const { officer, ids } = await brokerWithApplications();
    const b = browser(server.url);
    await signInPortal(server, b, officer);
    expect(idsOf(await b.trpc.portal.applications.list.query({ search: "tester", sort: "created" }))).toEqual(
      [ids.cy, ids.ana],
    );
    expect(idsOf(await b.trpc.portal.applications.list.query({ search: "ben" }))).toEqual([]);
  });

  it("refuses a search, filter, sort or page out of bounds, naming the field", async () => {
    const admin = await staffOf("admin");
    const cases: [Record<string, unknown>, string][] = [
      [{ search: "x".repeat(101) }, "/search"],
      [{ pageSize: 101 }, "/pageSize"],
      [{ pageSize: 0 }, "/pageSize"],
      [{ page: 0 }, "/page"],
      [{ page: 1001 }, "/page"],
      [{ page: 1.5 }, "/page"],
      [{ sort: "ssn" }, "/sort"],
      [{ order: "sideways" }, "/order"],
      [{ from: "2026-13-01" }, "/from"],
      [{ to: "yesterday" }, "/to"],
      [{ status: "'; drop table applications; --" }, "/status"],
      [{ loanOfficerId: "x".repeat(65) }, "/loanOfficerId"],
    ];
    for (const [input, pointer] of cases)
      expect(
        await fieldErrorsOf(admin.b.trpc.portal.applications.list.query(input as never)),
        JSON.stringify(input),
      ).toEqual([expect.objectContaining({ pointer })]);
    expect(await codeOf(admin.b.trpc.portal.applications.list.query({ unknown: 1 } as never))).toBe(
      "BAD_REQUEST",
    );
  });
});

describe("notes on a file", () => {
  it("keeps each note with its author and time, sealed at rest, and records it in the audit trail", async () => {
    const officer = await staffOf("loanOfficer");
    const app = await applicantWithSsn();
    await assignTo(app.applicationId, officer.id);
    const added = await officer.b.trpc.portal.notes.add.mutate({
      applicationId: app.applicationId,
      text: "  Appraisal ordered; borrower prefers mornings.  ",
    });
    expect(added.text).toBe("Appraisal ordered; borrower prefers mornings.");
    const { notes } = await officer.b.trpc.portal.notes.list.query({ applicationId: app.applicationId });
    expect(notes).toEqual([
      {
        id: added.id,
        text: "Appraisal ordered; borrower prefers mornings.",
        author: "Pat Portal",
        createdAt: added.createdAt,
      },
    ]);
    const [stored] = await server.services.db
      .select()
      .from(applicationNotes)
      .where(eq(applicationNotes.id, added.id));
    expect(stored!.text).not.toContain("Appraisal");
    const audit = (
      await officer.b.trpc.portal.applications.get.query({ applicationId: app.applicationId })
    ).audit.find((e) => e.action === "portal.note.added");
    expect(audit).toMatchObject({
      actor: "Pat Portal",
      actorKind: "portal",
      changed: [`/notes/${added.id}`],
    });
    expect(JSON.stringify(audit)).not.toContain("Appraisal");
  });

  it("refuses an empty or too long note, naming the field, and stores nothing", async () => {
    const admin = await staffOf("admin");
    const app = await applicantWithSsn();
    for (const text of ["", "   \n ", "x".repeat(2001)])
      expect(
        await fieldErrorsOf(admin.b.trpc.portal.notes.add.mutate({ applicationId: app.applicationId, text })),
      ).toEqual([expect.objectContaining({ pointer: "/text" })]);
    expect(
      await server.services.db
        .select()
        .from(applicationNotes)
        .where(eq(applicationNotes.applicationId, app.applicationId)),
    ).toEqual([]);
  });

  it("does not let another partner's staff, or a loan officer it is not assigned to, read or add notes", async () => {
    const processor = await staffOf("processor");
    const app = await applicantWithSsn();
    await processor.b.trpc.portal.notes.add.mutate({ applicationId: app.applicationId, text: "House only." });
    const brokerAdmin = await staffOf("admin", { partnerId: await makePartner(server.services) });
    const officer = await staffOf("loanOfficer");
    for (const who of [brokerAdmin, officer]) {
      expect(await codeOf(who.b.trpc.portal.notes.list.query({ applicationId: app.applicationId }))).toBe(
        "NOT_FOUND",
      );
      expect(
        await codeOf(
          who.b.trpc.portal.notes.add.mutate({ applicationId: app.applicationId, text: "Sneaky." }),
        ),
      ).toBe("NOT_FOUND");
    }
    expect(
      (
        await server.services.db
          .select()
          .from(applicationNotes)
          .where(eq(applicationNotes.applicationId, app.applicationId))
      ).length,
    ).toBe(1);
  });
});

describe("the audit trail names which borrower acted", () => {
  it("logs an invited co-borrower's own edits as the co-borrower, in the words of rules/members.json", async () => {
    const admin = await staffOf("admin");
    const owner = await applicantWithSsn();
    const coborrower = await makeApplicant(server.services, { status: "application3" });
    const { db, definitionsVersion } = server.services;
    const now = new Date();
    await db.insert(applicationMembers).values({
      id: crypto.randomUUID(),
      applicationId: owner.applicationId,
      role: "coborrower",
      email: coborrower.email,
      userId: coborrower.userId,
      expiresAt: now,
      invitedAt: now,
      acceptedAt: now,
    });
    const event = (actorId: string, at: number) => ({
      at: new Date(now.getTime() + at),
      actorKind: "applicant" as const,
      actorId,
      action: "step.submit:application3",
      applicationId: owner.applicationId,
      changed: "[]",
      definitionsVersion,
    });
    await db.insert(auditEvents).values([event(owner.userId, 1000), event(coborrower.userId, 2000)]);
    const trail = (
      await admin.b.trpc.portal.applications.get.query({ applicationId: owner.applicationId })
    ).audit.filter((e) => e.action === "step.submit:application3");
    expect(trail.map((e) => e.actor)).toEqual(["Borrower", "Co-borrower"]);
  });
});
