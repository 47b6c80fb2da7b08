// Prequalification gives the important terms and the CFPB booklet before it asks about the home's
// value and the applicant's credit (12 CFR 1026.40(b), (e)), as the early funnel does: its
// prequalDisclosures step, right after the home's type, is a copy of earlyDisclosures on a
// /prequal/ route (step data), hosts the booklet, requires it opened before the applicant
// continues, and records both texts as given. An answer about the home or credit cannot be saved before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GivenDisclosure } from "@server/features/esign/give-disclosures";
import { singleBorrower, walk } from "../helpers/journeys";
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
  server = await testServer();
});
afterAll(() => server.close());

const applicationOf = (b: Browser) => applicationOfServer(server, b);
const disclosuresOf = (b: Browser) => disclosuresOfServer(server, b);
/** What prequalification asks about the home and credit, as stored. */
const homeAndCredit = (doc: Record<string, any>) => ({
  address: doc.property?.line1,
  value: doc.property?.value,
  derogatory: doc.setup?.hasDerogatory,
  creditRange: doc.setup?.creditRange,
  creditCheck: doc.consents?.creditCheck,
});
const nothingAsked = {
  address: undefined,
  value: undefined,
  derogatory: undefined,
  creditRange: undefined,
  creditCheck: undefined,
};
const atDisclosures = async (doc = singleBorrower()) => {
  const b = browser(server.url);
  const reached = await walk(server, b, { from: "prequalBuildingType", until: "prequalDisclosures", doc });
  return { b, doc, reached };
};

describe("prequalification's disclosures before its first question about the home's value and credit (12 CFR 1026.40(b))", () => {
  it("puts the disclosures right after the home's type, before the address and value, late payments and the credit range", async () => {
    const { b, reached } = await atDisclosures();
    expect(reached).toMatchObject({ stepId: "prequalDisclosures", route: "/prequal/disclosures" });
    expect(homeAndCredit((await applicationOf(b)).doc)).toEqual(nothingAsked);
    expect((await applicationOf(b)).doc.disclosuresGiven).toBeUndefined();
  });

  it("refuses an answer about the home or credit saved before the disclosures, saying why, and saves nothing", async () => {
    const { b, doc } = await atDisclosures();
    for (const [stepId, answers] of [
      ["prequalAddress", { property: { ...doc.property, value: 585000 } }],
      ["prequalDerogatory", { setup: { hasDerogatory: false } }],
      [
        "prequalCredit",
        { setup: { creditRange: "veryGood" }, consents: { creditCheck: { accepted: true } } },
      ],
    ] as const) {
      const refused = await errorOf(b.trpc.step.submit.mutate({ stepId, answers }));
      expect(refused?.message, stepId).toContain(
        "federal law has us give them to you before we ask about your credit",
      );
      expect(refused?.data, stepId).toMatchObject({ route: "/prequal/disclosures" });
    }
    expect(homeAndCredit((await applicationOf(b)).doc)).toEqual(nothingAsked);
  });

  it("refuses to continue until the booklet is opened, naming it, and records nothing (12 CFR 1026.40(e))", async () => {
    const { b } = await atDisclosures();
    const refused = await errorOf(b.trpc.step.submit.mutate({ stepId: "prequalDisclosures", answers: {} }));
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
  });

  it("records the booklet opened and both texts given, with language, version, SHA-256 and time, before any answer about the home's value or credit (12 CFR 1026.40(b), (e))", async () => {
    const { b, doc } = await atDisclosures();
    const shown = (await b.trpc.esign.documents.query({ ids: GIVEN })).documents;
    const before = Date.now();
    await b.trpc.esign.openDocument.mutate({ stepId: "prequalDisclosures", document: "heloc-booklet" });
    const next = await b.trpc.step.submit.mutate({ stepId: "prequalDisclosures", answers: {} });
    expect(next).toMatchObject({ stepId: "prequalAddress", route: "/prequal/address" });

    const { records, opened } = await disclosuresOf(b);
    expect(opened).toEqual([
      expect.objectContaining({
        document: "heloc-booklet",
        language: "en",
        sha256: shown[1]!.sha256,
        openedBy: "borrower",
        step: "prequalDisclosures",
      }),
    ]);
    expect(records!.map((g) => [g.document, g.version, g.sha256, g.language, g.step])).toEqual(
      shown.map((d) => [d.id, d.version, d.sha256, "en", "prequalDisclosures"]),
    );
    for (const g of records!) {
      expect(g.sourceSha256).toBe(sha256(source(g.document)));
      expect(g.sha256).toBe(sha256(fill(source(g.document), g.values)));
      expect(Date.parse(g.givenAt)).toBeGreaterThanOrEqual(before - 1000);
    }
    // No offer exists yet: the terms state the plan's figures, every one filled.
    expect(fill(source("heloc-important-terms"), records![0]!.values)).not.toContain("[not available yet]");

    // On to the offer: the credit answers come after the record, which the rest of the way keeps.
    await walk(server, b, { from: "prequalAddress", until: "prequalOffer", doc });
    const app = await applicationOf(b);
    expect(homeAndCredit(app.doc).creditRange).toBe(doc.setup.creditRange);
    expect((app.doc.disclosuresGiven as { records: GivenDisclosure[] }).records.slice(0, 2)).toEqual(records);
  });
});
