// Demo data for a fresh `npm start`: an applicant part-way through the funnel and a portal
// administrator, so every screen has something to show. Only into an empty database, never in
// production.
import { auditAction } from "@engine/lending/audit-actions";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import { compileSchemaFile } from "@engine/definitions/definitions";
import { todayIso } from "@engine/base/dates";
import { completedUpTo } from "@engine/funnel/journey";
import { OWNER_ROLE, partOf } from "@engine/funnel/members";
import { REPO_ROOT } from "@engine/base/paths";
import { hashPassword } from "../auth/passwords";
import { transaction } from "@server/persistence/db/client";
import { applications, portalUsers, users } from "@server/persistence/db/schema";
import type { Services } from "@server/services";
import { applicationStore } from "@server/persistence/store/applications";

export const DEMO = {
  applicant: { email: "demo.applicant@example.com", password: "demo-applicant-2026" },
  portal: {
    email: "demo.admin@example.com",
    password: "demo-admin-2026",
    name: "Demo Administrator",
    role: "admin",
  },
  /** More staff, so each role can be tried; the demo applicant is assigned to the loan officer. */
  staff: [
    {
      email: "demo.processor@example.com",
      password: "demo-processor-2026",
      name: "Priya Processor",
      role: "processor",
    },
    {
      email: "demo.officer@example.com",
      password: "demo-officer-2026",
      name: "Omar Officer",
      role: "loanOfficer",
      // Their loan originator profile (URLA section 9): sample values, as the lender profile's are.
      nmlsId: "0000001",
      phone: "5555550142",
    },
  ],
};

/** A second applicant further along, with a co-borrower: the pipeline's masked SSNs and outstanding documents. */
const SECOND_APPLICATION = join(REPO_ROOT, "server/features/demo/application.two-borrowers.json");

const demoApplication = {
  user: { firstName: "Dana", lastName: "Rivera", email: DEMO.applicant.email },
  setup: {
    propertyValue: 540000,
    mortgageEstimate: 210000,
    hasFbm: false,
    isSelfEmployed: false,
    creditRange: "veryGood",
    zip: "95814", // Sacramento: the sample profile serves California only (rules/licensing.json)
    propertyUsage: "primaryResidence",
    creditScore: 742,
    mortgageBalance: 208500,
  },
};

export async function seedDemoData(services: Services): Promise<string[]> {
  const { db, config } = services;
  if (config.secureCookies) return [];
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(users);
  if (n > 0) return [];
  const validate = compileSchemaFile(services.defs, "application.json");
  if (!validate(demoApplication))
    throw new Error(
      `the demo application does not fit schemas/application.json: ${JSON.stringify(validate.errors)}`,
    );

  const second = JSON.parse(readFileSync(SECOND_APPLICATION, "utf8")) as Record<string, unknown>;
  if (!validate(second)) throw new Error(`${SECOND_APPLICATION} does not fit schemas/application.json`);
  const staff = [DEMO.portal, ...DEMO.staff];
  const [applicantHash, ...staffHashes] = await Promise.all([
    hashPassword(DEMO.applicant.password),
    ...staff.map((s) => hashPassword(s.password)),
  ]);
  const staffIds = staff.map(() => randomUUID());
  const store = applicationStore(services);
  await transaction(db, async (tx) => {
    await tx.insert(portalUsers).values(
      staff.map((s, i) => ({
        id: staffIds[i]!,
        email: s.email,
        name: s.name,
        role: s.role,
        partnerId: "house",
        passwordHash: staffHashes[i]!,
        nmlsId: "nmlsId" in s ? (s.nmlsId as string) : null,
        phone: "phone" in s ? (s.phone as string) : null,
        createdAt: services.now(),
      })),
    );
    const app = await store.createGuest(tx, "previewOffer", "variantOne");
    await tx
      .update(users)
      .set({ email: DEMO.applicant.email, passwordHash: applicantHash, emailVerifiedAt: services.now() })
      .where(eq(users.id, app.ownerId));
    // Its path counts every step before its status as answered (engine/funnel/journey.ts).
    const today = todayIso(services.now());
    const walked = (doc: Record<string, unknown>, status: string) =>
      completedUpTo(services.defs, status, {
        application: doc,
        variant: "variantOne",
        part: partOf(services.defs, OWNER_ROLE, doc, today),
        today,
      });
    await store.save(tx, app, demoApplication, "previewOffer", null, {
      completed: walked(demoApplication, "previewOffer"),
    });
    await tx.update(applications).set({ loanOfficerId: staffIds[2]! }).where(eq(applications.id, app.id));
    await store.audit(tx, {
      actorKind: "system",
      actorId: null,
      action: auditAction("seed.demo"),
      applicationId: app.id,
    });
    const other = await store.createGuest(tx, "incomeDocs", "variantOne");
    await store.save(tx, other, second, "incomeDocs", null, { completed: walked(second, "incomeDocs") });
    await store.audit(tx, {
      actorKind: "system",
      actorId: null,
      action: auditAction("seed.demo"),
      applicationId: other.id,
    });
  });
  return [
    `Demo applicant: ${DEMO.applicant.email} / ${DEMO.applicant.password} (at the offer preview)`,
    ...staff.map(
      (s) =>
        `Demo portal ${services.portal.roles.get(s.role)?.label.toLowerCase() ?? s.role}: ${s.email} / ${s.password}`,
    ),
  ];
}
