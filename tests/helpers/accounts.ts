// Accounts made straight in a test server's database: an applicant with a password and an
// application at a given status, or a portal user.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { hashPassword } from "../../server/auth/passwords";
import { portalUsers, users } from "../../server/db/schema";
import { applicationStore } from "../../server/store/applications";
import type { Services } from "../../server/services";

export async function makeApplicant(services: Services, { email = `${randomUUID()}@example.com`, password = "correct horse battery", status = "previewOffer", doc = {} as Record<string, unknown> } = {}) {
  const passwordHash = await hashPassword(password);
  const store = applicationStore(services);
  const app = services.db.transaction((tx) => {
    const created = store.createGuest(tx, status, "variantOne");
    tx.update(users).set({ email, passwordHash }).where(eq(users.id, created.ownerId)).run();
    store.save(tx, created, { user: { email }, ...doc }, status);
    return created;
  });
  return { email, password, userId: app.ownerId, applicationId: app.id };
}

export async function makePortalUser(services: Services, { email = `${randomUUID()}@lender.example`, password = "portal password 1", role = "admin" } = {}) {
  const id = randomUUID();
  services.db.insert(portalUsers).values({ id, email, name: "Pat Processor", role, passwordHash: await hashPassword(password), createdAt: new Date() }).run();
  return { id, email, password };
}
