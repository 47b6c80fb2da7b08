// URLA section 9, loan originator information (12 CFR 1007.105(b)): the company from the lender
// profile and the individual loan officer assigned to the file, with the NMLS ID of the loan
// originator profile staff keep in the portal (users.originatorProfile), on the applicant's
// summary, the portal's file and the MISMO 3.4 export (PARTY with PartyRoleType LoanOriginator).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { MISMO_XSD, mismoSchemaDir } from "@engine/export/xsd-index";
import { validateXml } from "@engine/export/xsd-validate";
import { applications, auditEvents, portalUsers } from "@server/persistence/db/schema";
import { makeApplicant, signedInStaff } from "../helpers/accounts";
import { codeOf, fieldErrorsOf } from "../helpers/trpc-errors";
import { browser, testServer, type TestServer } from "../helpers/server";

const fixture = JSON.parse(
  readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
) as Record<string, any>;
const lender = JSON.parse(readFileSync(join(REPO_ROOT, "content/lender.json"), "utf8")) as Record<
  string,
  any
>;
const SCHEMAS = mismoSchemaDir(REPO_ROOT);

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

async function applicant() {
  const email = `${crypto.randomUUID()}@example.com`;
  const doc = structuredClone(fixture);
  doc.user.email = email;
  doc.coborrower.email = `${crypto.randomUUID()}@example.com`;
  const who = await makeApplicant(server.services, { email, status: "disclosures", doc });
  const b = browser(server.url);
  await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
  return { ...who, b };
}

const userRow = async (id: string) =>
  (await server.services.db.select().from(portalUsers).where(eq(portalUsers.id, id)))[0]!;

describe("the loan originator profile in the portal (users.originatorProfile)", () => {
  it("lets an administrator set a loan officer's NMLS ID and work phone, lists them and audits the change", async () => {
    const admin = await signedInStaff(server, "admin");
    const officer = await signedInStaff(server, "loanOfficer");
    await admin.b.trpc.portal.users.setOriginatorProfile.mutate({
      userId: officer.id,
      nmlsId: "1234567",
      phone: "4155550142",
    });
    const { users } = await admin.b.trpc.portal.users.list.query();
    expect(users.find((u) => u.id === officer.id)).toMatchObject({ nmlsId: "1234567", phone: "4155550142" });
    const audit = await server.services.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.actorId, admin.id));
    expect(audit.map((e) => [e.action, e.changed])).toContainEqual([
      "portal.user.originatorProfile",
      JSON.stringify([`/portalUsers/${officer.id}`]),
    ]);
  });

  it("refuses a role without the permission, and an NMLS ID that is not digits, naming the field; nothing is saved", async () => {
    const admin = await signedInStaff(server, "admin");
    const officer = await signedInStaff(server, "loanOfficer");
    expect(
      await codeOf(
        officer.b.trpc.portal.users.setOriginatorProfile.mutate({
          userId: officer.id,
          nmlsId: "7654321",
          phone: null,
        }),
      ),
    ).toBe("FORBIDDEN");
    expect(
      await fieldErrorsOf(
        admin.b.trpc.portal.users.setOriginatorProfile.mutate({
          userId: officer.id,
          nmlsId: "NMLS-12",
          phone: null,
        }),
      ),
    ).toEqual([expect.objectContaining({ pointer: "/nmlsId" })]);
    expect(
      await fieldErrorsOf(
        admin.b.trpc.portal.users.setOriginatorProfile.mutate({
          userId: officer.id,
          nmlsId: "7654321",
          phone: "555-0142",
        }),
      ),
    ).toEqual([expect.objectContaining({ pointer: "/phone" })]);
    expect(await userRow(officer.id)).toMatchObject({ nmlsId: null, phone: null });
  });
});

describe("a loan officer takes a file only with an NMLS ID (SAFE Act, 12 CFR 1007.103; 12 CFR 1008.103)", () => {
  const loanOfficerOf = async (applicationId: string) =>
    (await server.services.db.select().from(applications).where(eq(applications.id, applicationId)))[0]!
      .loanOfficerId;
  const assignments = async (applicationId: string) =>
    (
      await server.services.db.select().from(auditEvents).where(eq(auditEvents.applicationId, applicationId))
    ).filter((e) => e.action.startsWith("portal.application."));

  it("refuses to assign a loan officer without an NMLS ID, naming the field and why; nothing is saved", async () => {
    const who = await applicant();
    const admin = await signedInStaff(server, "admin");
    const officer = await signedInStaff(server, "loanOfficer", { name: "Una Registered" });
    const { loanOfficers } = await admin.b.trpc.portal.applications.assignees.query({});
    expect(loanOfficers.find((o) => o.id === officer.id)).toEqual({
      id: officer.id,
      name: "Una Registered",
      nmlsId: null,
      assignable: false,
    });
    const errors = await fieldErrorsOf(
      admin.b.trpc.portal.applications.assign.mutate({
        applicationId: who.applicationId,
        loanOfficerId: officer.id,
      }),
    );
    expect(errors).toEqual([
      {
        pointer: "/loanOfficerId",
        message: expect.stringMatching(
          /^Una Registered has no NMLS ID\. .*registered with the NMLS.*SAFE Act/,
        ),
      },
    ]);
    expect(await loanOfficerOf(who.applicationId)).toBeNull();
    expect(await assignments(who.applicationId)).toEqual([]);
    expect((await who.b.trpc.application.originator.query()).loanOfficer).toBeNull();

    // With the NMLS ID on their profile, the same assignment goes through.
    await admin.b.trpc.portal.users.setOriginatorProfile.mutate({
      userId: officer.id,
      nmlsId: "3141592",
      phone: null,
    });
    expect(
      (await admin.b.trpc.portal.applications.assignees.query({})).loanOfficers.find(
        (o) => o.id === officer.id,
      ),
    ).toMatchObject({ nmlsId: "3141592", assignable: true });
    await admin.b.trpc.portal.applications.assign.mutate({
      applicationId: who.applicationId,
      loanOfficerId: officer.id,
    });
    expect(await loanOfficerOf(who.applicationId)).toBe(officer.id);
    expect((await who.b.trpc.application.originator.query()).loanOfficer).toMatchObject({
      nmlsId: "3141592",
    });
  });

  it("keeps the NMLS ID of a loan officer who has files: clearing it is refused, naming the field, until the files go to another officer", async () => {
    const who = await applicant();
    const admin = await signedInStaff(server, "admin");
    const officer = await signedInStaff(server, "loanOfficer");
    await admin.b.trpc.portal.users.setOriginatorProfile.mutate({
      userId: officer.id,
      nmlsId: "2718281",
      phone: null,
    });
    await admin.b.trpc.portal.applications.assign.mutate({
      applicationId: who.applicationId,
      loanOfficerId: officer.id,
    });
    const clear = () =>
      admin.b.trpc.portal.users.setOriginatorProfile.mutate({
        userId: officer.id,
        nmlsId: null,
        phone: null,
      });
    expect(await fieldErrorsOf(clear())).toEqual([
      {
        pointer: "/nmlsId",
        message: expect.stringContaining("is the loan officer of 1 application"),
      },
    ]);
    expect(await userRow(officer.id)).toMatchObject({ nmlsId: "2718281" });
    // A corrected NMLS ID is taken.
    await admin.b.trpc.portal.users.setOriginatorProfile.mutate({
      userId: officer.id,
      nmlsId: "2718282",
      phone: null,
    });
    expect(await userRow(officer.id)).toMatchObject({ nmlsId: "2718282" });
    // Once the file is unassigned, the NMLS ID can be cleared.
    await admin.b.trpc.portal.applications.assign.mutate({
      applicationId: who.applicationId,
      loanOfficerId: null,
    });
    await clear();
    expect(await userRow(officer.id)).toMatchObject({ nmlsId: null });
  });
});

describe("section 9 on the application summary and in the MISMO file", () => {
  it("names the company alone until a loan officer is assigned, to the applicant and the portal", async () => {
    const who = await applicant();
    const company = {
      name: lender.legalName,
      nmlsId: lender.nmlsId,
      address: expect.stringContaining(lender.address.line1),
    };
    expect(await who.b.trpc.application.originator.query()).toEqual({ company, loanOfficer: null });
    const processor = await signedInStaff(server, "processor");
    const file = await processor.b.trpc.portal.applications.get.query({ applicationId: who.applicationId });
    expect(file.originator).toEqual({ company, loanOfficer: null });
  });

  it("names the assigned loan officer with their NMLS ID, email and phone to the applicant, the portal and the MISMO 3.4 file (LoanOriginator, schema-valid)", async () => {
    const who = await applicant();
    const admin = await signedInStaff(server, "admin");
    const officer = await signedInStaff(server, "loanOfficer");
    await admin.b.trpc.portal.users.setOriginatorProfile.mutate({
      userId: officer.id,
      nmlsId: "2045871",
      phone: "4155550199",
    });
    await admin.b.trpc.portal.applications.assign.mutate({
      applicationId: who.applicationId,
      loanOfficerId: officer.id,
    });
    const loanOfficer = { name: officer.name, nmlsId: "2045871", email: officer.email, phone: "4155550199" };
    expect((await who.b.trpc.application.originator.query()).loanOfficer).toEqual(loanOfficer);
    const file = await officer.b.trpc.portal.applications.get.query({ applicationId: who.applicationId });
    expect(file.originator.loanOfficer).toEqual(loanOfficer);

    const res = await admin.b.fetch(`${server.url}/api/exports/mismo.xml?application=${who.applicationId}`);
    expect(res.status).toBe(200);
    const xml = await res.text();
    const party =
      /<PARTY>(?:(?!<\/PARTY>)[\s\S])*<PartyRoleType>LoanOriginator<\/PartyRoleType>[\s\S]*?<\/PARTY>/.exec(
        xml,
      )?.[0];
    expect(party).toBeDefined();
    expect(party).toContain(`<FullName>${officer.name}</FullName>`);
    expect(party).toContain("<LicenseIdentifier>2045871</LicenseIdentifier>");
    expect(party).toContain(`<ContactPointEmailValue>${officer.email}</ContactPointEmailValue>`);
    expect(party).toContain("<ContactPointTelephoneValue>4155550199</ContactPointTelephoneValue>");
    // The company keeps its own PARTY (LoanOriginationCompany) with the profile's NMLS ID.
    expect(xml).toContain("<PartyRoleType>LoanOriginationCompany</PartyRoleType>");
    expect(xml).toContain(`<LicenseIdentifier>${lender.nmlsId}</LicenseIdentifier>`);
    expect(SCHEMAS, "the MISMO 3.4 schemas beside the repository (/work/shared/mismo-3.4)").not.toBeNull();
    expect(validateXml(xml, join(SCHEMAS!, MISMO_XSD))).toEqual({ valid: true, errors: [] });

    // Unassigned again: the file names no loan officer.
    await admin.b.trpc.portal.applications.assign.mutate({
      applicationId: who.applicationId,
      loanOfficerId: null,
    });
    expect((await who.b.trpc.application.originator.query()).loanOfficer).toBeNull();
    const after = await (
      await admin.b.fetch(`${server.url}/api/exports/mismo.xml?application=${who.applicationId}`)
    ).text();
    expect(after).not.toContain("<PartyRoleType>LoanOriginator</PartyRoleType>");
  });
});
