// The important terms and the CFPB booklet come before the first question about the home and
// credit (12 CFR 1026.40(b), (e)): the early funnel's earlyDisclosures step, right after the
// email's code, gives them as the plan's terms (no offer exists yet), hosts the booklet, requires
// it opened before the applicant continues, and records both texts as given. A credit answer
// cannot be saved before.
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "@server/persistence/db/schema";
import type { GivenDisclosure } from "@server/features/esign/give-disclosures";
import { answersFor, singleBorrower, walk } from "../helpers/journeys";
import {
  GIVEN,
  applicationOf as applicationOfServer,
  disclosuresOf as disclosuresOfServer,
  errorOf,
  fill,
  sha256,
  source,
} from "../helpers/disclosures";
import { browser, testServer, type Browser, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer({ funnelVariant: "variantOne" });
});
afterAll(() => server.close());

const applicationOf = (b: Browser) => applicationOfServer(server, b);
const disclosuresOf = (b: Browser) => disclosuresOfServer(server, b);

/** The early funnel's answers about the home and credit on a stored application. */
const creditAnswers = (doc: Record<string, unknown>) => {
  const setup = (doc.setup ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    ["propertyValue", "mortgageEstimate", "hasFbm", "isSelfEmployed", "creditRange", "zip", "mortgageBalance"]
      .filter((k) => k in setup)
      .map((k) => [k, setup[k]]),
  );
};

describe("the important terms and the CFPB booklet before the first credit question (12 CFR 1026.40(b))", () => {
  it("puts the disclosures right after the email's code, before the home's value and any credit question (12 CFR 1026.40(b))", async () => {
    const b = browser(server.url);
    const proven = await walk(server, b, { until: "earlyDisclosures" });
    expect(proven).toMatchObject({ stepId: "earlyDisclosures", route: "/app/initial-setup/disclosures" });
    const app = await applicationOf(b);
    // Nothing about the home or credit is asked before (the variant's preset property use is no answer).
    expect(creditAnswers(app.doc)).toEqual({});
    expect(app.doc.disclosuresGiven).toBeUndefined();
  });

  it("refuses a credit answer saved before the disclosures, saying why, and saves nothing", async () => {
    const b = browser(server.url);
    await walk(server, b, { until: "earlyDisclosures" });
    for (const [stepId, answers] of [
      ["creditRange", { setup: { creditRange: "excellent" } }],
      ["hasFbm", { setup: { hasFbm: false } }],
      ["propertyValue", { setup: { propertyValue: 500000 } }],
    ] as const) {
      const refused = await errorOf(b.trpc.step.submit.mutate({ stepId, answers }));
      expect(refused?.message).toContain(
        "federal law has us give them to you before we ask about your credit",
      );
      expect(refused?.data).toMatchObject({ route: "/app/initial-setup/disclosures" });
    }
    expect(creditAnswers((await applicationOf(b)).doc)).toEqual({});
  });

  it("refuses to continue until the booklet is opened, naming it, and records nothing (12 CFR 1026.40(e))", async () => {
    const b = browser(server.url);
    await walk(server, b, { until: "earlyDisclosures" });
    const refused = await errorOf(b.trpc.step.submit.mutate({ stepId: "earlyDisclosures", answers: {} }));
    expect(refused?.data).toMatchObject({
      httpStatus: 400,
      fieldErrors: [
        {
          pointer: "/disclosuresGiven/opened",
          message:
            "Open “What you should know about home equity lines of credit” on this page and read it before you continue",
        },
      ],
    });
    expect(await disclosuresOf(b)).toEqual({});
    // Only what the step says must be opened can be recorded as opened.
    const other = await errorOf(
      b.trpc.esign.openDocument.mutate({ stepId: "earlyDisclosures", document: "heloc-important-terms" }),
    );
    expect(other?.data).toMatchObject({ httpStatus: 400 });
    expect(await disclosuresOf(b)).toEqual({});
  });

  it("refuses a Spanish applicant in Spanish, naming the booklet, with the same field; English unchanged", async () => {
    const b = browser(server.url);
    await walk(server, b, { until: "earlyDisclosures" });
    b.cookies.set("heloc.lang", "es");
    const refused = await errorOf(b.trpc.step.submit.mutate({ stepId: "earlyDisclosures", answers: {} }));
    const message =
      "Abra “What you should know about home equity lines of credit” en esta página y léalo antes de continuar";
    expect(refused?.data).toMatchObject({
      httpStatus: 400,
      fieldErrors: [{ pointer: "/disclosuresGiven/opened", message }],
    });
    expect(refused?.message).toBe(`/disclosuresGiven/opened: ${message}`);
    // The word's id and values are the server's: never sent.
    expect(JSON.stringify(refused?.data)).not.toContain("said");
    b.cookies.set("heloc.lang", "en");
    const english = await errorOf(b.trpc.step.submit.mutate({ stepId: "earlyDisclosures", answers: {} }));
    expect(english?.message).toBe(
      "/disclosuresGiven/opened: Open “What you should know about home equity lines of credit” on this page and read it before you continue",
    );
    expect(await disclosuresOf(b)).toEqual({});
  });

  it("records the booklet opened and both texts given, with language, version, SHA-256 and time, before any credit answer (12 CFR 1026.40(b), (e))", async () => {
    const b = browser(server.url);
    const doc = singleBorrower();
    await walk(server, b, { until: "earlyDisclosures", doc });
    const shown = (await b.trpc.esign.documents.query({ ids: GIVEN })).documents;
    const before = Date.now();
    const opened = await b.trpc.esign.openDocument.mutate({
      stepId: "earlyDisclosures",
      document: "heloc-booklet",
    });
    expect(opened).toMatchObject({ document: "heloc-booklet", version: "HELOC-BOOKLET-2026.3" });
    // Opening again keeps the first opening.
    expect(
      await b.trpc.esign.openDocument.mutate({ stepId: "earlyDisclosures", document: "heloc-booklet" }),
    ).toEqual(opened);
    const next = await b.trpc.step.submit.mutate({ stepId: "earlyDisclosures", answers: {} });
    expect(next.stepId).toBe("propertyValue");

    const { records, opened: openings } = await disclosuresOf(b);
    expect(openings).toEqual([
      expect.objectContaining({
        document: "heloc-booklet",
        language: "en",
        sha256: shown[1]!.sha256,
        openedBy: "borrower",
        step: "earlyDisclosures",
      }),
    ]);
    expect(records!.map((g) => [g.document, g.version, g.sha256, g.language])).toEqual(
      shown.map((d) => [d.id, d.version, d.sha256, "en"]),
    );
    for (const g of records!) {
      expect(g.sourceSha256).toBe(sha256(source(g.document)));
      expect(g.sha256).toBe(sha256(fill(source(g.document), g.values)));
      expect(g).toMatchObject({ givenTo: "borrower", step: "earlyDisclosures" });
      expect(Date.parse(g.givenAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(g.givenAt)).toBeGreaterThanOrEqual(Date.parse(openings![0]!.openedAt));
      // Every figure is there: the plan's, as no offer exists yet.
      expect(fill(source(g.document), g.values)).not.toContain("[not available yet]");
    }
    // The plan's terms: the margins of rules/pricing.json (0.74% to 3.49%), examples at the highest, at the 7.50% index.
    expect(records![0]!.values).toMatchObject({
      margin: "between 0.74% and 3.49%, set by your credit; your offer states yours",
      exampleMargin: "3.49%",
      apr: "10.99% (the index plus the highest margin we offer)",
      lineAmount: "between $15,000 and $400,000, as your offer sets it",
      histApr1: expect.stringMatching(/%$/),
    });
    // The booklet is hosted here: its text is the product's, not only a link away.
    expect(shown[1]!.html).toContain("What a HELOC is");

    const audits = await server.services.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.applicationId, (await applicationOf(b)).id),
          like(auditEvents.action, "disclosures.%"),
        ),
      );
    expect(audits.map((a) => a.action)).toEqual([
      "disclosures.opened:heloc-booklet",
      "disclosures.given:heloc-important-terms,heloc-booklet",
    ]);

    // The first credit answer comes after the giving; at the account setup the terms are given again
    // with the offer's figures, with the appraisal notice and the privacy notice (12 CFR 1016.4(a)).
    await walk(server, b, { from: "propertyValue", until: "application", doc });
    const all = (await disclosuresOf(b)).records!;
    expect(all.slice(0, 2)).toEqual(records);
    const again = all.filter((g) => g.step === "setupConsent").map((g) => g.document);
    expect(again).toEqual(["heloc-important-terms", "appraisal-notice", "privacy-notice"]);
    expect(all.find((g) => g.step === "setupConsent")!.values).toMatchObject({
      margin: "1.24%",
      apr: "8.74%",
    });
  });
});
