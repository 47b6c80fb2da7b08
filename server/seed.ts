// Demo data for a fresh `npm start`: an applicant part-way through the funnel and a portal
// administrator, so every screen has something to show. Only into an empty database, never in
// production.
import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { compileSchemaFile } from "../engine/definitions";
import { hashPassword } from "./auth/passwords";
import { portalUsers, users } from "./db/schema";
import type { Services } from "./services";
import { applicationStore } from "./store/applications";

export const DEMO = {
  applicant: { email: "demo.applicant@example.com", password: "demo-applicant-2026" },
  portal: { email: "demo.admin@example.com", password: "demo-admin-2026", name: "Demo Administrator", role: "admin" },
};

const demoApplication = {
  user: { firstName: "Dana", lastName: "Rivera", email: DEMO.applicant.email },
  setup: { propertyValue: 540000, mortgageEstimate: 210000, hasFbm: false, isSelfEmployed: false, creditRange: "veryGood", zip: "80205", propertyUsage: "primaryResidence", creditScore: 742, mortgageBalance: 208500 },
};

export async function seedDemoData(services: Services): Promise<string[]> {
  const { db, config } = services;
  if (config.secureCookies) return [];
  const [{ n } = { n: 0 }] = db.select({ n: count() }).from(users).all();
  if (n > 0) return [];
  const validate = compileSchemaFile(services.defs, "application.json");
  if (!validate(demoApplication)) throw new Error(`the demo application does not fit schemas/application.json: ${JSON.stringify(validate.errors)}`);

  const [applicantHash, portalHash] = await Promise.all([hashPassword(DEMO.applicant.password), hashPassword(DEMO.portal.password)]);
  const store = applicationStore(services);
  db.transaction((tx) => {
    const app = store.createGuest(tx, "previewOffer", "variantOne");
    tx.update(users).set({ email: DEMO.applicant.email, passwordHash: applicantHash, emailVerifiedAt: services.now() }).where(eq(users.id, app.ownerId)).run();
    store.save(tx, app, demoApplication, "previewOffer");
    tx.insert(portalUsers).values({ id: randomUUID(), email: DEMO.portal.email, name: DEMO.portal.name, role: DEMO.portal.role, passwordHash: portalHash, createdAt: services.now() }).run();
    store.audit(tx, { actorKind: "system", actorId: null, action: "seed.demo", applicationId: app.id });
  });
  return [
    `Demo applicant: ${DEMO.applicant.email} / ${DEMO.applicant.password} (at the offer preview)`,
    `Demo portal user: ${DEMO.portal.email} / ${DEMO.portal.password}`,
  ];
}



