// The partner portal on the server (issue 7): two-factor sign-in, the role matrix of
// rules/portal-roles.json enforced on every procedure, partner separation, user management's
// guard rails, invites and password resets by mailed link, and the pipeline's contents.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { TRPCClientError } from "@trpc/client";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applications, auditEvents, identityReviews, portalUsers } from "@server/persistence/db/schema";
import { ensureFirstAdmin } from "@server/features/portal/first-admin";
import { appRouter } from "@server/transport/trpc/router";
import { REPO_ROOT } from "@engine/base/paths";
import { makeApplicant, makePartner, makePortalUser, signedInStaff, signInPortal } from "../helpers/accounts";
import { copyDefinitions } from "../helpers/definitions";
import { browser, testServer, type Browser, type TestServer } from "../helpers/server";
import { codeOf, fieldErrorsOf } from "../helpers/trpc-errors";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

const staffOf = (role: string, options: { partnerId?: string } = {}) => signedInStaff(server, role, options);

const lastMail = () => server.lastMail();

const SSN = "518274961";
const applicantWithSsn = (status = "application3") =>
  makeApplicant(server.services, {
    status,
    doc: { user: { firstName: "Maria", lastName: "Alvarez", ssn: SSN } },
  });

const assignTo = async (applicationId: string, loanOfficerId: string | null) =>
  server.services.db.update(applications).set({ loanOfficerId }).where(eq(applications.id, applicationId));

describe("signing in to the portal", () => {
  it("needs the password and then the mailed code: neither alone opens a session", async () => {
    const who = await makePortalUser(server.services);
    const b = browser(server.url);
    expect(
      (await b.auth("Portal", "callback/credentials", { email: who.email, password: "wrong password 1" }))
        .body.error,
    ).toBe("CredentialsSignin");
    const first = await b.auth("Portal", "callback/credentials", {
      email: who.email,
      password: who.password,
    });
    expect(first.body.url).toContain("step=code");
    expect(await codeOf(b.trpc.portal.me.query())).toBe("UNAUTHORIZED");
    expect(
      (
        await b.auth("Portal", "callback/credentials", {
          email: who.email,
          code: "000000" === server.lastCode() ? "111111" : "000000",
        })
      ).body.error,
    ).toBe("CredentialsSignin");
    expect(
      (await b.auth("Portal", "callback/credentials", { email: who.email, code: server.lastCode() })).status,
    ).toBe(200);
    expect(await b.trpc.portal.me.query()).toMatchObject({
      email: who.email,
      role: "admin",
      roleLabel: "Administrator",
      partner: { id: "house", name: "Our lending team" },
    });
    // The portal names borrowers as rules/members.json does, not as its own code spells them.
    expect((await b.trpc.portal.me.query()).borrowerLabels).toEqual({
      borrower: "Borrower",
      coborrower: "Co-borrower",
    });
  });

  it("offers no code-only sign-in for staff", async () => {
    const who = await makePortalUser(server.services);
    const b = browser(server.url);
    const providers = (await (await b.fetch(`${server.url}/api/authPortal/providers`)).json()) as Record<
      string,
      unknown
    >;
    expect(Object.keys(providers)).toEqual(["credentials"]);
    const res = await b.auth("Portal", "signin/email", { email: who.email, callbackUrl: "/portal" });
    expect(res.body.url).toBe("/portal/login?callbackUrl=%2Fportal");
    expect(await codeOf(b.trpc.portal.me.query())).toBe("UNAUTHORIZED");
  });
});

// Each portal procedure, called by each role: "allowed" means the call got past the permission
// check (it may still be NOT_FOUND or BAD_REQUEST for its input), "403" that it was refused.
type Call = (
  b: Browser,
  ids: { applicationId: string; reviewId: string; targetId: string },
) => Promise<unknown>;
const PROCEDURES: Record<string, Call> = {
  "portal.loan.get": (b, { applicationId }) => b.trpc.portal.loan.get.query({ applicationId }),
  "portal.loan.addCondition": (b, { applicationId }) =>
    b.trpc.portal.loan.addCondition.mutate({
      applicationId,
      code: 405,
      priorTo: "approval",
      dueOn: "2099-01-01",
      borrowers: ["borrower"],
    }),
  "portal.loan.decideCondition": (b, { applicationId }) =>
    b.trpc.portal.loan.decideCondition.mutate({ applicationId, conditionId: "none", outcome: "cleared" }),
  // Nothing to record on a file not in closing: an allowed role is answered (refused as not now), others forbidden.
  "portal.loan.recordOccupancy": (b, { applicationId }) =>
    b.trpc.portal.loan.recordOccupancy.mutate({ applicationId, holder: "owner-1", principalDwelling: true }),
  "portal.loan.recordNotarization": (b, { applicationId }) =>
    b.trpc.portal.loan.recordNotarization.mutate({
      applicationId,
      notaryName: "Dana Notary",
      commission: "CA-2456789",
      commissionExpires: null,
      notarizedOn: "2026-01-02",
      place: "San Diego, CA",
    }),
  "portal.loan.move": (b, { applicationId }) =>
    b.trpc.portal.loan.move.mutate({ applicationId, transition: "startReview" }),
  "portal.loan.recordNoticeMailed": (b, { applicationId }) =>
    b.trpc.portal.loan.recordNoticeMailed.mutate({
      applicationId,
      noticeId: "00000000-0000-4000-8000-000000000000",
      mailedOn: "2026-01-02",
    }),
  "portal.me": (b) => b.trpc.portal.me.query(),
  "portal.roles": (b) => b.trpc.portal.roles.query(),
  "portal.users.list": (b) => b.trpc.portal.users.list.query(),
  "portal.users.invite": (b) =>
    b.trpc.portal.users.invite.mutate({
      email: `${crypto.randomUUID()}@lender.example`,
      name: "New Colleague",
      role: "processor",
    }),
  "portal.users.setRole": (b, { targetId }) =>
    b.trpc.portal.users.setRole.mutate({ userId: targetId, role: "processor" }),
  "portal.users.setOriginatorProfile": (b, { targetId }) =>
    b.trpc.portal.users.setOriginatorProfile.mutate({ userId: targetId, nmlsId: "1234567", phone: null }),
  "portal.users.deactivate": (b, { targetId }) => b.trpc.portal.users.deactivate.mutate({ userId: targetId }),
  "portal.users.reactivate": (b, { targetId }) => b.trpc.portal.users.reactivate.mutate({ userId: targetId }),
  "portal.users.resetPassword": (b, { targetId }) =>
    b.trpc.portal.users.resetPassword.mutate({ userId: targetId }),
  "portal.losCredentials.list": (b) => b.trpc.portal.losCredentials.list.query(),
  "portal.losCredentials.create": (b) => b.trpc.portal.losCredentials.create.mutate({ label: "Matrix LOS" }),
  "portal.losCredentials.revoke": (b) => b.trpc.portal.losCredentials.revoke.mutate({ credentialId: "none" }),
  "portal.applications.list": (b) => b.trpc.portal.applications.list.query(),
  "portal.applications.get": (b, { applicationId }) =>
    b.trpc.portal.applications.get.query({ applicationId }),
  "portal.applications.assignees": (b) => b.trpc.portal.applications.assignees.query(),
  "portal.applications.assign": (b, { applicationId }) =>
    b.trpc.portal.applications.assign.mutate({ applicationId, loanOfficerId: null }),
  "portal.uploads.review": (b, { applicationId }) =>
    b.trpc.portal.uploads.review.mutate({ applicationId, uploadId: "no-such-upload", decision: "accepted" }),
  "portal.notes.list": (b, { applicationId }) => b.trpc.portal.notes.list.query({ applicationId }),
  "portal.notes.add": (b, { applicationId }) =>
    b.trpc.portal.notes.add.mutate({ applicationId, text: "Called the borrower about the appraisal." }),
  "portal.identityReviews.pending": (b) => b.trpc.portal.identityReviews.pending.query(),
  "portal.identityReviews.approve": (b, { reviewId }) =>
    b.trpc.portal.identityReviews.approve.mutate({ reviewId }),
  "portal.identityReviews.reject": (b, { reviewId }) =>
    b.trpc.portal.identityReviews.reject.mutate({ reviewId, reason: "The photo is blurry." }),
  "portal.funnelMap": (b) => b.trpc.portal.funnelMap.query(),
  "portal.translations": (b) => b.trpc.portal.translations.query(),
  "portal.analytics": (b) => b.trpc.portal.analytics.query(),
  "portal.definitionsImpact": (b) => b.trpc.portal.definitionsImpact.query(),
  // A version never published: an administrator is answered (nothing served changes), others refused.
  "portal.definitionsRollback": (b) => b.trpc.portal.definitionsRollback.mutate({ version: "000000000000" }),
  "portal.notices.list": (b) => b.trpc.portal.notices.list.query(),
  "portal.notices.ofApplication": (b, { applicationId }) =>
    b.trpc.portal.notices.ofApplication.query({ applicationId }),
  "portal.notices.recordCancellation": (b, { applicationId }) =>
    b.trpc.portal.notices.recordCancellation.mutate({
      applicationId,
      holder: "borrower",
      sentOn: "2026-01-05",
    }),
  "portal.notices.recordDelivery": (b, { applicationId }) =>
    b.trpc.portal.notices.recordDelivery.mutate({
      applicationId,
      holder: "owner-1",
      deliveredOn: "2026-01-05",
      via: "mail",
    }),
  "portal.notices.recordDeclineMailed": (b, { applicationId }) =>
    b.trpc.portal.notices.recordDeclineMailed.mutate({ applicationId, index: 0, mailedOn: "2026-01-05" }),
  "portal.notices.recordCreditScore": (b, { applicationId }) =>
    b.trpc.portal.notices.recordCreditScore.mutate({
      applicationId,
      borrower: "borrower",
      creditScoreUsed: {
        score: 2000,
        model: "FICO Score 8",
        rangeLow: 300,
        rangeHigh: 850,
        createdOn: "2026-01-05",
        rankedAbovePercent: 42,
        agency: { name: "Equifax", address: "Atlanta, GA", phone: "(866) 349-5191" },
        keyFactors: [],
      },
    }),
  "portal.messaging": (b) => b.trpc.portal.messaging.query(),
  // Last: it ends the session the calls before it use.
  "portal.signOutEverywhere": (b) => b.trpc.portal.signOutEverywhere.mutate({}),
};

const Y = "allowed";
const N = "403";
// admin, processor, loan officer — as rules/portal-roles.json describes them.
const MATRIX: Record<string, [string, string, string]> = {
  "portal.me": [Y, Y, Y],
  "portal.roles": [Y, Y, Y],
  "portal.users.list": [Y, N, N],
  "portal.users.invite": [Y, N, N],
  "portal.users.setRole": [Y, N, N],
  "portal.users.setOriginatorProfile": [Y, N, N],
  "portal.users.deactivate": [Y, N, N],
  "portal.users.reactivate": [Y, N, N],
  "portal.users.resetPassword": [Y, N, N],
  "portal.losCredentials.list": [Y, N, N],
  "portal.losCredentials.create": [Y, N, N],
  "portal.losCredentials.revoke": [Y, N, N],
  "portal.applications.list": [Y, Y, Y],
  "portal.applications.get": [Y, Y, Y],
  "portal.applications.assignees": [Y, Y, N],
  "portal.applications.assign": [Y, Y, N],
  "portal.uploads.review": [Y, Y, Y],
  "portal.notes.list": [Y, Y, Y],
  "portal.notes.add": [Y, Y, Y],
  "portal.identityReviews.pending": [Y, Y, N],
  "portal.identityReviews.approve": [Y, Y, N],
  "portal.identityReviews.reject": [Y, Y, N],
  "portal.funnelMap": [Y, N, N],
  "portal.translations": [Y, N, N],
  "portal.analytics": [Y, N, N],
  "portal.definitionsImpact": [Y, N, N],
  "portal.definitionsRollback": [Y, N, N],
  "portal.notices.list": [Y, Y, Y],
  "portal.notices.ofApplication": [Y, Y, Y],
  "portal.notices.recordCancellation": [Y, Y, N],
  "portal.notices.recordDelivery": [Y, Y, N],
  "portal.notices.recordDeclineMailed": [Y, Y, N],
  "portal.notices.recordCreditScore": [Y, Y, N],
  "portal.messaging": [Y, N, N],
  "portal.signOutEverywhere": [Y, Y, Y],
  "portal.loan.get": [Y, Y, Y],
  // Taking a file into review needs loan.review (rules/milestones.json startReview).
  "portal.loan.move": [Y, Y, N],
  "portal.loan.addCondition": [Y, Y, Y],
  "portal.loan.decideCondition": [Y, Y, N],
  // closing.manage and closing.notarize: administrators, processors and closers, not loan officers.
  "portal.loan.recordOccupancy": [Y, Y, N],
  "portal.loan.recordNotarization": [Y, Y, N],
  // notices.mail (the print-and-mail queue): administrators and processors, not loan officers.
  "portal.loan.recordNoticeMailed": [Y, Y, N],
};
const ROLES = ["admin", "processor", "loanOfficer"] as const;

describe("the role matrix", () => {
  it("covers every portal procedure the server has", () => {
    const portalProcedures = Object.keys(appRouter._def.procedures)
      .filter((p) => p.startsWith("portal."))
      .sort();
    expect(Object.keys(MATRIX).sort()).toEqual(portalProcedures);
    expect(Object.keys(PROCEDURES).sort()).toEqual(portalProcedures);
  });

  for (const [index, role] of ROLES.entries())
    it(`lets a ${role} call exactly the procedures of its column`, async () => {
      const me = await staffOf(role);
      const app = await applicantWithSsn();
      await assignTo(app.applicationId, role === "loanOfficer" ? me.id : null);
      const reviewId = crypto.randomUUID();
      await server.services.db.insert(identityReviews).values({
        id: reviewId,
        applicationId: app.applicationId,
        borrower: "borrower",
        idType: "passport",
        uploadIds: "[]",
        provider: "manual-review",
        status: "pending",
        createdAt: new Date(),
      });
      const seen: Record<string, string> = {};
      for (const [name, call] of Object.entries(PROCEDURES)) {
        const target = await makePortalUser(server.services, { role: "processor" });
        const code = await codeOf(
          call(me.b, { applicationId: app.applicationId, reviewId, targetId: target.id }),
        );
        expect(code, `${role} calling ${name}`).not.toBe("UNAUTHORIZED");
        seen[name] = code === "FORBIDDEN" ? N : Y;
      }
      expect(seen).toEqual(
        Object.fromEntries(Object.entries(MATRIX).map(([name, column]) => [name, column[index]])),
      );
    }, 120_000); // ~30 calls, each mutation with a proof-of-work token: seconds alone, half a minute on a loaded machine

  it("refuses every portal procedure without a portal session", async () => {
    const app = await applicantWithSsn();
    const anonymous = browser(server.url);
    for (const [name, call] of Object.entries(PROCEDURES))
      expect(
        await codeOf(call(anonymous, { applicationId: app.applicationId, reviewId: "x", targetId: "x" })),
        name,
      ).toBe("UNAUTHORIZED");
  });
});

describe("partners are kept apart", () => {
  it("does not show or open another partner's applications, users, reviews or files", async () => {
    const broker = await makePartner(server.services);
    const brokerAdmin = await staffOf("admin", { partnerId: broker });
    const house = await applicantWithSsn();
    const houseUser = await makePortalUser(server.services, { role: "processor" });
    await server.services.db.insert(identityReviews).values({
      id: "house-review",
      applicationId: house.applicationId,
      borrower: "borrower",
      idType: "passport",
      uploadIds: "[]",
      provider: "manual-review",
      status: "pending",
      createdAt: new Date(),
    });

    const list = await brokerAdmin.b.trpc.portal.applications.list.query();
    expect(list.applications.map((a) => a.id)).not.toContain(house.applicationId);
    expect(
      await codeOf(brokerAdmin.b.trpc.portal.applications.get.query({ applicationId: house.applicationId })),
    ).toBe("NOT_FOUND");
    expect(
      await codeOf(
        brokerAdmin.b.trpc.portal.applications.assign.mutate({
          applicationId: house.applicationId,
          loanOfficerId: null,
        }),
      ),
    ).toBe("NOT_FOUND");
    expect(
      (await brokerAdmin.b.trpc.portal.identityReviews.pending.query()).reviews.map((r) => r.id),
    ).not.toContain("house-review");
    expect(
      await codeOf(brokerAdmin.b.trpc.portal.identityReviews.approve.mutate({ reviewId: "house-review" })),
    ).toBe("NOT_FOUND");
    expect((await brokerAdmin.b.trpc.portal.users.list.query()).users.map((u) => u.id)).toEqual([
      brokerAdmin.id,
    ]);
    // Each refusal is caught as it is made (a rejection waiting for a later await is unhandled).
    const attempts = [
      codeOf(brokerAdmin.b.trpc.portal.users.deactivate.mutate({ userId: houseUser.id })),
      codeOf(brokerAdmin.b.trpc.portal.users.setRole.mutate({ userId: houseUser.id, role: "admin" })),
      codeOf(brokerAdmin.b.trpc.portal.users.resetPassword.mutate({ userId: houseUser.id })),
    ];
    expect(await Promise.all(attempts)).toEqual(["NOT_FOUND", "NOT_FOUND", "NOT_FOUND"]);
    expect(
      (await server.services.db.select().from(portalUsers).where(eq(portalUsers.id, houseUser.id)))[0],
    ).toMatchObject({ role: "processor", disabledAt: null });
    expect(
      (
        await server.services.db.select().from(identityReviews).where(eq(identityReviews.id, "house-review"))
      )[0]?.status,
    ).toBe("pending");
  });

  it("shows a loan officer only the applications assigned to them", async () => {
    const officer = await staffOf("loanOfficer");
    const mine = await applicantWithSsn();
    const theirs = await applicantWithSsn();
    await assignTo(mine.applicationId, officer.id);
    const ids = (await officer.b.trpc.portal.applications.list.query()).applications.map((a) => a.id);
    expect(ids).toEqual([mine.applicationId]);
    expect(
      await codeOf(officer.b.trpc.portal.applications.get.query({ applicationId: theirs.applicationId })),
    ).toBe("NOT_FOUND");
  });
});

describe("managing users", () => {
  it("ends a deactivated user's session at once, and they cannot sign in again", async () => {
    const admin = await staffOf("admin");
    const processor = await staffOf("processor");
    expect(await codeOf(processor.b.trpc.portal.applications.list.query())).toBe("OK");
    await admin.b.trpc.portal.users.deactivate.mutate({ userId: processor.id });
    expect(await codeOf(processor.b.trpc.portal.applications.list.query())).toBe("UNAUTHORIZED");
    expect(await processor.b.session("Portal")).toEqual({});
    const again = await browser(server.url).auth("Portal", "callback/credentials", {
      email: processor.email,
      password: processor.password,
    });
    expect(again.body.error).toBe("CredentialsSignin");
    await admin.b.trpc.portal.users.reactivate.mutate({ userId: processor.id });
    await signInPortal(server, browser(server.url), processor);
  });

  it("refuses to change one's own role or account", async () => {
    const admin = await staffOf("admin");
    await makePortalUser(server.services, { role: "admin" }); // not the last admin: the refusal is about oneself
    const attempts = [
      codeOf(admin.b.trpc.portal.users.setRole.mutate({ userId: admin.id, role: "processor" })),
      codeOf(admin.b.trpc.portal.users.deactivate.mutate({ userId: admin.id })),
      codeOf(admin.b.trpc.portal.users.resetPassword.mutate({ userId: admin.id })),
    ];
    expect(await Promise.all(attempts)).toEqual(["FORBIDDEN", "FORBIDDEN", "FORBIDDEN"]);
  });

  it("keeps the partner's last active administrator, whoever manages users", async () => {
    // Admins cannot act on themselves, so with the repository's roles only another user-managing
    // role can reach the last admin: a copy of the roles file gives processors users.manage.
    const copy = copyDefinitions();
    copy.edit("rules/portal-roles.json", (json) =>
      json.params.roles.processor.permissions.push("users.manage"),
    );
    const other = await testServer({ definitions: copy.dirs });
    try {
      const admin = await makePortalUser(other.services, { role: "admin" });
      const manager = await makePortalUser(other.services, { role: "processor" });
      const b = browser(other.url);
      await signInPortal(other, b, manager);
      const demote = await b.trpc.portal.users.setRole
        .mutate({ userId: admin.id, role: "processor" })
        .catch((e: TRPCClientError<never>) => e);
      expect(demote).toBeInstanceOf(TRPCClientError);
      expect((demote as TRPCClientError<never>).message).toMatch(/last active administrator/);
      expect(await codeOf(b.trpc.portal.users.deactivate.mutate({ userId: admin.id }))).toBe("FORBIDDEN");
      // With a second active admin, either change is allowed.
      const second = await makePortalUser(other.services, { role: "admin" });
      await b.trpc.portal.users.deactivate.mutate({ userId: admin.id });
      expect(
        await codeOf(b.trpc.portal.users.setRole.mutate({ userId: second.id, role: "loanOfficer" })),
      ).toBe("FORBIDDEN");
      expect(
        (await other.services.db.select().from(portalUsers).where(eq(portalUsers.id, second.id)))[0],
      ).toMatchObject({ role: "admin", disabledAt: null });
    } finally {
      await other.close();
    }
  });

  it("names the field when an invite is wrong, and stores nothing", async () => {
    const admin = await staffOf("admin");
    const before = (await server.services.db.select().from(portalUsers)).length;
    expect(
      await fieldErrorsOf(
        admin.b.trpc.portal.users.invite.mutate({ email: "not-an-email", name: "A B", role: "processor" }),
      ),
    ).toEqual([expect.objectContaining({ pointer: "/email" })]);
    expect(
      await fieldErrorsOf(
        admin.b.trpc.portal.users.invite.mutate({
          email: "x@lender.example",
          name: "A B",
          role: "superuser",
        }),
      ),
    ).toEqual([expect.objectContaining({ pointer: "/role" })]);
    expect(
      await fieldErrorsOf(
        admin.b.trpc.portal.users.invite.mutate({ email: admin.email, name: "A B", role: "processor" }),
      ),
    ).toEqual([{ pointer: "/email", message: "This person is already a user of your organisation." }]);
    expect(await server.services.db.select().from(portalUsers)).toHaveLength(before);
  });
});

describe("invites and password resets", () => {
  it("invites a loan officer who sets a password by the mailed link, once, and signs in with both factors", async () => {
    const admin = await staffOf("admin");
    const email = `${crypto.randomUUID()}@lender.example`;
    const { id, mailed } = await admin.b.trpc.portal.users.invite.mutate({
      email,
      name: "Lee Officer",
      role: "loanOfficer",
    });
    expect(mailed).toBe(true);
    await server.services.settled(); // the invite mail goes after the answer
    const mail = lastMail();
    expect(mail).toContain(`To: ${email}`);
    const token = /set-password\?token=([A-Za-z0-9_-]{43})/.exec(mail)![1]!;
    expect((await admin.b.trpc.portal.users.list.query()).users.find((u) => u.id === id)).toMatchObject({
      status: "invited",
      role: "loanOfficer",
      roleLabel: "Loan officer",
    });

    const officer = browser(server.url);
    expect(
      await (await officer.fetch(`${server.url}/api/authPortal/set-password?token=${token}`)).json(),
    ).toEqual({ valid: true, purpose: "invite", passwordMinLength: 12 });
    expect((await officer.auth("Portal", "set-password", { token, password: "short" })).body.error).toBe(
      "WeakPassword",
    );
    expect(
      (await officer.auth("Portal", "set-password", { token, password: "a long enough passphrase" })).body
        .url,
    ).toBe("/portal/login?passwordSet=1");
    expect(
      (await officer.auth("Portal", "set-password", { token, password: "another long passphrase" })).body
        .error,
    ).toBe("InvalidLink");
    await signInPortal(server, officer, { email, password: "a long enough passphrase" });
    expect(await officer.trpc.portal.me.query()).toMatchObject({
      role: "loanOfficer",
      permissions: [
        "applications.assigned",
        "documents.view",
        "documents.review",
        "notes.write",
        "notices.view",
        "conditions.manage",
      ],
    });
    // The audit names the user by id and role, never by email or name.
    const events = (await server.services.db.select().from(auditEvents)).filter((e) =>
      e.changed.includes(id),
    );
    expect(events.map((e) => e.action)).toContain("portal.user.invited:loanOfficer");
    expect(JSON.stringify(events)).not.toContain(email);
  });

  it("resets a password: the old one stops working and the user's sessions end", async () => {
    const admin = await staffOf("admin");
    const processor = await staffOf("processor");
    await admin.b.trpc.portal.users.resetPassword.mutate({ userId: processor.id });
    expect(await codeOf(processor.b.trpc.portal.me.query())).toBe("UNAUTHORIZED");
    expect(
      (
        await browser(server.url).auth("Portal", "callback/credentials", {
          email: processor.email,
          password: processor.password,
        })
      ).body.error,
    ).toBe("CredentialsSignin");
    const token = /set-password\?token=([A-Za-z0-9_-]{43})/.exec(lastMail())![1]!;
    const b = browser(server.url);
    await b.auth("Portal", "set-password", { token, password: "a brand new passphrase" });
    await signInPortal(server, b, { email: processor.email, password: "a brand new passphrase" });
  });
});

describe("the pipeline", () => {
  it("lists status, step label, borrower names with masked SSNs and outstanding documents", async () => {
    const processor = await staffOf("processor");
    const doc = JSON.parse(
      readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
    ) as { user: { ssn: string; firstName: string; lastName: string }; coborrower: { ssn: string } };
    const app = await makeApplicant(server.services, { status: "incomeDocs", doc: doc as never });
    const row = (await processor.b.trpc.portal.applications.list.query()).applications.find(
      (a) => a.id === app.applicationId,
    )!;
    expect(row).toMatchObject({ status: "incomeDocs", stepLabel: "Income Docs" });
    expect(row.borrowers.map((b) => [b.role, b.ssn])).toEqual([
      ["borrower", `*** - ** - ${doc.user.ssn.slice(-4)}`],
      ["coborrower", `*** - ** - ${doc.coborrower.ssn.slice(-4)}`],
    ]);
    expect(row.borrowers[0]!.name).toBe(`${doc.user.firstName} ${doc.user.lastName}`);
    expect(JSON.stringify(row)).not.toContain(doc.user.ssn);
    // Nothing is uploaded yet, so every document the rules ask for is outstanding.
    expect(row.outstanding.length).toBeGreaterThan(3);
    expect(row.outstanding.map((o) => o.label)).toContain("Most recent mortgage statement");
  });

  it("shows one application's answers masked and its audit trail with the definitions version", async () => {
    const admin = await staffOf("admin");
    const app = await applicantWithSsn();
    const officer = await makePortalUser(server.services, { role: "loanOfficer", nmlsId: "1234567" });
    await admin.b.trpc.portal.applications.assign.mutate({
      applicationId: app.applicationId,
      loanOfficerId: officer.id,
    });
    const detail = await admin.b.trpc.portal.applications.get.query({ applicationId: app.applicationId });
    expect(detail.answers).toMatchObject({ user: { ssn: "*** - ** - 4961" } });
    expect(JSON.stringify(detail)).not.toContain(SSN);
    expect(detail.loanOfficer).toMatchObject({ id: officer.id, name: "Pat Portal" });
    const assigned = detail.audit.find((e) => e.action === "portal.application.assigned")!;
    expect(assigned).toMatchObject({
      actor: "Pat Portal",
      actorKind: "portal",
      definitionsVersion: server.services.definitionsVersion,
    });
    expect(detail.currentDefinitionsVersion).toBe(server.services.definitionsVersion);
  });

  it("assigns only to an active loan officer of the same partner", async () => {
    const processor = await staffOf("processor");
    const app = await applicantWithSsn();
    const notAnOfficer = await makePortalUser(server.services, { role: "processor" });
    const elsewhere = await makePortalUser(server.services, {
      role: "loanOfficer",
      partnerId: await makePartner(server.services),
    });
    for (const loanOfficerId of [notAnOfficer.id, elsewhere.id])
      expect(
        await fieldErrorsOf(
          processor.b.trpc.portal.applications.assign.mutate({
            applicationId: app.applicationId,
            loanOfficerId,
          }),
        ),
      ).toEqual([expect.objectContaining({ pointer: "/loanOfficerId" })]);
  });
});

describe("the first administrator", () => {
  it("is created once on an empty database, with the password printed, or taken from the environment", async () => {
    const fresh = await testServer();
    try {
      const lines = await ensureFirstAdmin(fresh.services, {});
      expect(lines).toHaveLength(1);
      const [, email, password] = /created: (\S+) \/ (\S+)/.exec(lines[0]!)!;
      expect(email).toBe("admin@heloc.local");
      await signInPortal(fresh, browser(fresh.url), { email: email!, password: password! });
      expect(await ensureFirstAdmin(fresh.services, {})).toEqual([]);
    } finally {
      await fresh.close();
    }
    const configured = await testServer();
    try {
      const lines = await ensureFirstAdmin(configured.services, {
        PORTAL_ADMIN_EMAIL: "Ops@Lender.example",
        PORTAL_ADMIN_PASSWORD: "configured passphrase",
      });
      expect(lines[0]).not.toContain("configured passphrase");
      await signInPortal(configured, browser(configured.url), {
        email: "ops@lender.example",
        password: "configured passphrase",
      });
    } finally {
      await configured.close();
    }
    const weak = await testServer();
    try {
      await expect(ensureFirstAdmin(weak.services, { PORTAL_ADMIN_PASSWORD: "short" })).rejects.toThrow(
        /at least 12/,
      );
    } finally {
      await weak.close();
    }
  }, 120_000); // three servers of its own, each migrated: slow on a busy machine
});
