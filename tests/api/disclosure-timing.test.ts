// The HELOC disclosures are given when the application is provided, not only when it is signed:
// the early funnel gives the plan's terms and the booklet before its first credit question
// (tests/api/early-disclosures.test.ts); the account-setup consent step, just before the first
// application question and before any fee, gives the Regulation Z 1026.40(d) important terms again
// with the offer's figures, the CFPB booklet (1026.40(b), (e)) to a prequalified applicant, and the
// ECOA valuation notice where it applies (Reg B 1002.14(a)(1)); its giveDisclosures effect records
// each text given (version, SHA-256, figures, when, to whom) on the application.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { auditEvents } from "@server/persistence/db/schema";
import type { GivenDisclosure } from "@server/features/esign/give-disclosures";
import { applicationStore } from "@server/persistence/store/applications";
import { answersFor, singleBorrower, walk, withPdfCode } from "../helpers/journeys";
import { browser, testServer, type Browser, type TestServer } from "../helpers/server";

const GIVEN = ["heloc-important-terms", "heloc-booklet", "appraisal-notice", "privacy-notice"];
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const fill = (text: string, values: Record<string, string>) =>
  text.replace(
    /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g,
    (_, name: string) => values[name] ?? "[not available yet]",
  );

let server: TestServer;
beforeAll(async () => {
  // Variant one asks the property's use before the offer (variant two does not, and prices the line
  // at the CLTV of an unknown use), so the figures the terms carry are the same on every run.
  server = await testServer({ funnelVariant: "variantOne" });
});
afterAll(() => server.close());

type Given = GivenDisclosure;

async function applicationOf(b: Browser) {
  const { id } = await b.trpc.application.get.query();
  return (await applicationStore(server.services).byId(server.services.db, id))!;
}

describe("the disclosures given when the application starts (Reg Z 1026.40(b))", () => {
  it("gives the important terms again with the offer's figures and, for a home owned free and clear, the appraisal notice at account setup, recorded as shown, after the plan's terms and the booklet of the early funnel", async () => {
    const b = browser(server.url);
    const doc = singleBorrower();
    doc.setup.mortgageBalance = 0;
    doc.setup.mortgageEstimate = 0;
    await walk(server, b, { until: "setupConsent", doc });
    const shown = (await b.trpc.esign.documents.query({ ids: GIVEN })).documents;
    expect(shown.map((d) => d.id)).toEqual(GIVEN);
    // The early funnel gave the plan's terms and the booklet before its first credit question (tests/api/early-disclosures.test.ts).
    const early = ((await applicationOf(b)).doc.disclosuresGiven as { records: Given[] }).records;
    expect(early.map((g) => [g.document, g.step])).toEqual([
      ["heloc-important-terms", "earlyDisclosures"],
      ["heloc-booklet", "earlyDisclosures"],
    ]);

    const before = Date.now();
    const next = await b.trpc.step.submit.mutate({
      stepId: "setupConsent",
      answers: await withPdfCode(server, b, "setupConsent", answersFor(server, "setupConsent", doc)),
    });
    // Given before the first question of the application itself.
    expect(next.stepId).toBe("application");
    const app = await applicationOf(b);
    const all = (app.doc.disclosuresGiven as { records: Given[] }).records;
    expect(all.slice(0, early.length)).toEqual(early);
    // Each text as shown here is on record; one already given in these very words (the booklet) is not recorded again.
    const given = all.filter((g) => g.step === "setupConsent");
    expect(all.map((g) => g.sha256)).toEqual(expect.arrayContaining(shown.map((d) => d.sha256)));
    expect(given.map((g) => [g.document, g.version, g.sha256])).toEqual(
      shown.filter((d) => d.id !== "heloc-booklet").map((d) => [d.id, d.version, d.sha256]),
    );
    for (const g of given) {
      const source = readFileSync(join(REPO_ROOT, "content/disclosures", `${g.document}.md`), "utf8");
      expect(g.sourceSha256).toBe(sha256(source));
      expect(g.sha256).toBe(sha256(fill(source, g.values)));
      expect(g).toMatchObject({ givenTo: "borrower", step: "setupConsent" });
      expect(Date.parse(g.givenAt)).toBeGreaterThanOrEqual(before - 1000);
    }
    // The terms carry the offer the applicant saw: $585,000 × 85% with nothing owed, capped at the $400,000 maximum, at 7.50% + 1.24%.
    expect(given[0]!.values).toMatchObject({ lineAmount: "$400,000", apr: "8.74%", margin: "1.24%" });
    expect(
      fill(
        readFileSync(join(REPO_ROOT, "content/disclosures/heloc-important-terms.md"), "utf8"),
        given[0]!.values,
      ),
    ).not.toContain("[not available yet]");
    const [audit] = await server.services.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.applicationId, app.id), like(auditEvents.action, "disclosures.given:%")));
    expect(audit!.action).toBe("disclosures.given:heloc-important-terms,heloc-booklet");
  });

  it("delivers the GLBA privacy notice in full at account setup and records it like a disclosure (version, language, SHA-256, time) with the applicant's acknowledgment; without the acknowledgment the setup is refused, naming it, and nothing is saved (12 CFR 1016.4(a), 12 CFR 1016.9)", async () => {
    const b = browser(server.url);
    const doc = singleBorrower();
    await walk(server, b, { until: "setupConsent", doc });
    const [shown] = (await b.trpc.esign.documents.query({ ids: ["privacy-notice"] })).documents;
    // Shown in full: the whole notice, not a link to it.
    expect(shown!.html).toContain("WHAT DOES");
    expect(shown!.html).toContain("Reasons we can share your personal information");
    const answers = await withPdfCode(server, b, "setupConsent", answersFor(server, "setupConsent", doc));
    const before = await applicationOf(b);
    const { privacyNotice: _p, ...withoutIt } = (answers as { consents: Record<string, unknown> }).consents;
    const refused = await b.trpc.step.submit
      .mutate({ stepId: "setupConsent", answers: { ...answers, consents: withoutIt } })
      .catch((e: { data: unknown }) => e.data);
    expect(refused).toMatchObject({
      httpStatus: 400,
      fieldErrors: [
        {
          pointer: "/consents/privacyNotice/accepted",
          message: "Check the box to confirm that you received our privacy statement",
        },
      ],
    });
    const unchanged = await applicationOf(b);
    expect(unchanged.revision).toBe(before.revision);
    expect(unchanged.doc).toEqual(before.doc);

    const at = Date.now();
    await b.trpc.step.submit.mutate({ stepId: "setupConsent", answers });
    const app = await applicationOf(b);
    const source = readFileSync(join(REPO_ROOT, "content/disclosures/privacy-notice.md"), "utf8");
    const version = /^version: "(.*)"$/m.exec(source)![1];
    const delivered = (app.doc.disclosuresGiven as { records: Given[] }).records.find(
      (g) => g.document === "privacy-notice",
    )!;
    expect(delivered).toMatchObject({
      version,
      language: "en",
      sha256: shown!.sha256,
      sourceSha256: sha256(source),
      givenTo: "borrower",
      step: "setupConsent",
    });
    expect(delivered.sha256).toBe(sha256(fill(source, delivered.values)));
    expect(Date.parse(delivered.givenAt)).toBeGreaterThanOrEqual(at - 1000);
    expect((app.doc.consents as Record<string, unknown>).privacyNotice).toEqual({
      accepted: true,
      acceptedAt: expect.any(String),
      document: "privacy-notice",
      version,
      sha256: shown!.sha256,
    });
  });

  it("gives an early-funnel applicant who reported a mortgage balance the terms with their offer and the appraisal notice: the line may still pay that mortgage off and take first lien (12 CFR 1002.14(a)(1))", async () => {
    const b = browser(server.url);
    await walk(server, b, { until: "application", doc: singleBorrower() });
    const app = await applicationOf(b);
    const given = (app.doc.disclosuresGiven as { records: Given[] }).records.filter(
      (g) => g.step === "setupConsent",
    );
    expect(given.map((g) => g.document)).toEqual([
      "heloc-important-terms",
      "appraisal-notice",
      "privacy-notice",
    ]);
    // The terms carry the offer the applicant saw: $585,000 × 85% − $241,300 = $255,900 at 7.50% + 1.24%.
    expect(given[0]!.values).toMatchObject({ lineAmount: "$255,900", apr: "8.74%" });
    const audits = await server.services.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.applicationId, app.id), like(auditEvents.action, "disclosures.given:%")));
    expect(audits.map((a) => a.action)).toEqual([
      "disclosures.given:heloc-important-terms,heloc-booklet",
      "disclosures.given:heloc-important-terms,appraisal-notice,privacy-notice",
    ]);
  });

  it("records a text once: submitting the step again gives nothing new while the texts are the same", async () => {
    const b = browser(server.url);
    const doc = singleBorrower();
    await walk(server, b, { until: "application", doc });
    const first = ((await applicationOf(b)).doc.disclosuresGiven as { records: Given[] }).records;
    await b.trpc.step.submit.mutate({
      stepId: "setupConsent",
      answers: await withPdfCode(server, b, "setupConsent", answersFor(server, "setupConsent", doc)),
    });
    expect(((await applicationOf(b)).doc.disclosuresGiven as { records: Given[] }).records).toEqual(first);
  });

  it("gives a prequalified applicant whose home has a mortgage not yet kept or paid off the appraisal notice with the terms at the setup, after the terms and the booklet of the prequalification (12 CFR 1002.14(a)(1))", async () => {
    const b = browser(server.url);
    // The prequalification lists the mortgage; whether to keep it or pay it off is asked later.
    const doc = singleBorrower();
    for (const m of doc.mortgages as { toBePaidOff?: boolean }[]) delete m.toBePaidOff;
    await walk(server, b, { from: "prequalBuildingType", until: "application", doc });
    const given = ((await applicationOf(b)).doc.disclosuresGiven as { records: Given[] }).records;
    // The prequalification gave the plan's terms and the booklet before its first credit question
    // (tests/api/prequal-disclosures.test.ts); the setup gives the terms again with the offer, and
    // the appraisal notice and the privacy notice (the booklet, unchanged, is not recorded twice).
    expect(given.map((g) => [g.document, g.step])).toEqual([
      ["heloc-important-terms", "prequalDisclosures"],
      ["heloc-booklet", "prequalDisclosures"],
      ["heloc-important-terms", "setupConsent"],
      ["appraisal-notice", "setupConsent"],
      ["privacy-notice", "setupConsent"],
    ]);
  });

  it("refuses a record the browser sends: only the server writes what was given", async () => {
    const b = browser(server.url);
    const doc = singleBorrower();
    await walk(server, b, { until: "setupConsent", doc });
    const forged = {
      ...(await withPdfCode(server, b, "setupConsent", answersFor(server, "setupConsent", doc))),
      disclosuresGiven: { records: [] },
    };
    const refused = await b.trpc.step.submit
      .mutate({ stepId: "setupConsent", answers: forged })
      .catch((e: { data: unknown }) => e.data);
    expect(refused).toMatchObject({
      httpStatus: 400,
      fieldErrors: [expect.objectContaining({ pointer: expect.stringContaining("/disclosuresGiven") })],
    });
  });
});
