// Accounts made straight in a test server's database: an applicant with a password and an
// application at a given status, or a portal user.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { REPO_ROOT } from "@engine/base/paths";
import { todayIso } from "@engine/base/dates";
import { completedUpTo } from "@engine/funnel/journey";
import { OWNER_ROLE, partOf } from "@engine/funnel/members";
import { hashPassword } from "@server/features/auth/passwords";
import { transaction } from "@server/persistence/db/client";
import {
  applicationMembers,
  applications,
  partners,
  portalUsers,
  users,
} from "@server/persistence/db/schema";
import { applicationStore } from "@server/persistence/store/applications";
import type { Services } from "@server/services";
import { browser, type Browser, type TestServer } from "./server";

/**
 * An applicant made straight in the database, at `status`: as an application saved before the
 * server kept its list of saved steps, so its path counts every step before the status as saved
 * (server/features/steps/journey.ts); with `walked`, with that list saved, as the funnel and the demo seed
 * leave it. Tests of the path itself walk the API instead (helpers/journeys.ts).
 */
export async function makeApplicant(
  services: Services,
  {
    email = `${randomUUID()}@example.com`,
    password = "correct horse battery",
    status = "previewOffer",
    doc = {} as Record<string, unknown>,
    walked = false,
  } = {},
) {
  const passwordHash = await hashPassword(password);
  const store = applicationStore(services);
  const app = await transaction(services.db, async (tx) => {
    const created = await store.createGuest(tx, status, "variantOne");
    // An applicant with an account address has proven it (a code came back, or they set a password by one).
    await tx
      .update(users)
      .set({ email, emailVerifiedAt: services.now(), passwordHash })
      .where(eq(users.id, created.ownerId));
    const saved = { user: { email }, ...doc };
    const today = todayIso(services.now());
    const completed = walked
      ? completedUpTo(services.defs, status, {
          application: saved,
          variant: created.variant,
          part: partOf(services.defs, OWNER_ROLE, saved, today),
          today,
        })
      : null;
    await store.save(tx, created, saved, status, null, { completed });
    return created;
  });
  return { email, password, userId: app.ownerId, applicationId: app.id };
}

export async function makePortalUser(
  services: Services,
  {
    email = `${randomUUID()}@lender.example`,
    password = "portal password 1",
    role = "admin",
    partnerId = "house",
    name = "Pat Portal",
    /** Their loan originator profile's NMLS ID (a loan officer takes a file only with one). */
    nmlsId = null as string | null,
  } = {},
) {
  const id = randomUUID();
  await services.db.insert(portalUsers).values({
    id,
    email,
    name,
    role,
    partnerId,
    nmlsId,
    passwordHash: await hashPassword(password),
    createdAt: new Date(),
  });
  return { id, email, password, role, partnerId, name };
}

/** Another partner (a broker), for tests that one partner's staff cannot reach another's data. */
export async function makePartner(services: Services, name = "Broker Partners LLC") {
  const id = randomUUID();
  await services.db.insert(partners).values({ id, name, createdAt: new Date() });
  return id;
}

/** Signs a portal user in with both factors: the password, then the code mailed to them. */
export async function signInPortal(server: TestServer, b: Browser, who: { email: string; password: string }) {
  const first = await b.auth("Portal", "callback/credentials", {
    email: who.email,
    password: who.password,
    callbackUrl: "/portal",
  });
  if (first.status !== 200 || !first.body.url.includes("step=code"))
    throw new Error(`the password step failed: ${first.status} ${first.body.error ?? ""}`);
  const second = await b.auth("Portal", "callback/credentials", {
    email: who.email,
    code: server.lastCode(),
    callbackUrl: "/portal",
  });
  if (second.status !== 200)
    throw new Error(`the code step failed: ${second.status} ${second.body.error ?? ""}`);
  return second;
}

/** A portal user of `role`, signed in in a browser of their own. */
export async function signedInStaff(
  server: TestServer,
  role: string,
  options: { partnerId?: string; name?: string; nmlsId?: string | null } = {},
) {
  const who = await makePortalUser(server.services, { role, ...options });
  const b = browser(server.url);
  await signInPortal(server, b, who);
  return { ...who, b };
}

/**
 * A borrower of `role` who joined the application by their invite link at `email` (their own
 * account), so that address is proven: mail about the application may go to it.
 */
export async function joinedMember(services: Services, applicationId: string, role: string, email: string) {
  const userId = randomUUID();
  const now = services.now();
  await services.db.insert(users).values({ id: userId, email, emailVerifiedAt: now, createdAt: now });
  await services.db.insert(applicationMembers).values({
    id: randomUUID(),
    applicationId,
    role,
    email,
    userId,
    expiresAt: new Date(now.getTime() + 86_400_000),
    invitedAt: now,
    acceptedAt: now,
  });
  return userId;
}

/** The demo's two-borrower application, as the funnel saves it (copy it before changing it). */
export const TWO_BORROWERS = JSON.parse(
  readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
) as Record<string, any>;

/** Agreement to documents by email, as the consent step records it. */
export const CONSENTED = {
  electronicCommunications: { accepted: true, acceptedAt: "2026-11-01T10:00:00.000Z" },
};

/**
 * The demo's two-borrower application at `status` (submitted unless told), with addresses of its
 * own, and a browser signed in as its borrower. `consented`: the borrower agreed to documents by
 * email; `walked`: as the funnel leaves it (see makeApplicant).
 */
export async function twoBorrowerApplicant(
  server: TestServer,
  { status = "applicationSubmitted", consented = false, walked = false } = {},
) {
  const email = `${randomUUID()}@example.com`;
  const coEmail = `${randomUUID()}@example.com`;
  const doc = structuredClone(TWO_BORROWERS);
  doc.user.email = email;
  doc.coborrower.email = coEmail;
  if (consented) doc.consents = CONSENTED;
  const who = await makeApplicant(server.services, { email, status, doc, walked });
  const b = browser(server.url);
  await signInApplicant(b, email, who.password);
  return { ...who, coEmail, b };
}

/** Signs an applicant in with their password; a refused sign-in throws (a test would go on as a visitor). */
export async function signInApplicant(b: Browser, email: string, password: string) {
  const { status, body } = await b.auth("Applicant", "callback/credentials", { email, password });
  if (body.error) throw new Error(`the sign-in of ${email} was refused (${status}): ${body.error}`);
}

/** An application as stored: its row's status and revision, its stored text, and its document as the server opens it. */
export async function storedApplication(services: Services, applicationId: string) {
  const [row] = await services.db.select().from(applications).where(eq(applications.id, applicationId));
  return {
    raw: row!.document,
    doc: applicationStore(services).fromRow(row!).doc as Record<string, any>,
    status: row!.status,
    revision: row!.revision,
  };
}
