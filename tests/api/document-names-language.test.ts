// Document names and condition answer forms in the reader's language (issue 41): the documents
// checklist names each document, and says why we ask, in the language the applicant chose; so do
// the definitions the checklist page is sent; a condition's answer form is drawn with its fields'
// titles in that language. An English reader reads them as before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makePortalUser, signInPortal, twoBorrowerApplicant } from "../helpers/accounts";
import { browser, testServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A submitted two-borrower application whose borrower is signed in, reading `lang` (the heloc.lang cookie; null: none chosen). */
async function applicant(lang: string | null) {
  const who = await twoBorrowerApplicant(server, { consented: true, walked: true });
  if (lang) who.b.cookies.set("heloc.lang", lang);
  return who;
}

type Catalogue = {
  params: { types: Record<string, { title: string; label: string; applicantText: string }> };
};

describe("the documents checklist in the applicant's language", () => {
  it("names each document and its photo ID's sides in Spanish for an applicant who chose Español", async () => {
    const who = await applicant("es");
    const { requirements } = await who.b.trpc.documents.required.query();
    const labels = requirements.map((r) => r.label);
    expect(labels).toContain("Estados de cuenta bancarios más recientes, con todas sus páginas");
    expect(labels.some((l) => /, anverso y reverso$|, solo la página con la foto \(anverso\)$/.test(l))).toBe(
      true,
    );
    expect(labels.join("\n")).not.toMatch(/bank statements|front and back|photo page|W-2 forms for/);
    // Same rules: the same documents, for the same borrowers, as an English reader's.
    const english = await applicant(null);
    const theirs = (await english.b.trpc.documents.required.query()).requirements;
    expect(requirements.map((r) => [r.documentType, r.borrower, r.count])).toEqual(
      theirs.map((r) => [r.documentType, r.borrower, r.count]),
    );
  });

  it("sends the checklist page the catalogue in Spanish: each document's name and why we ask", async () => {
    const who = await applicant("es");
    const page = await who.b.trpc.definitions.page.query({ route: "/app/upload" });
    const catalogue = page.files.rules["document-types.json"] as Catalogue;
    expect(catalogue.params.types.bank_statements).toMatchObject({
      title: "Estados de cuenta bancarios",
      applicantText:
        "Muestran los depósitos de su salario y sus ahorros. Incluya todas las páginas, incluso las que estén en blanco.",
    });
  });

  it("names the documents in English for an English reader, as before", async () => {
    const who = await applicant("en");
    const { requirements } = await who.b.trpc.documents.required.query();
    const labels = requirements.map((r) => r.label);
    expect(labels).toContain("Most recent bank statements, all pages");
    expect(labels.some((l) => /, front and back$|, photo page \(front\) only$/.test(l))).toBe(true);
    const page = await who.b.trpc.definitions.page.query({ route: "/app/upload" });
    expect((page.files.rules["document-types.json"] as Catalogue).params.types.paystub).toMatchObject({
      title: "Pay stubs",
      applicantText: "They show what you earn now: the most recent ones, covering about a month.",
    });
  });
});

describe("a condition's answer form in the reader's language", () => {
  /** Staff ask `who`'s borrower the catalogue's condition `code`; the borrower's view of it. */
  async function asked(who: Awaited<ReturnType<typeof applicant>>, code: number) {
    const processor = await makePortalUser(server.services, { role: "processor" });
    const p = browser(server.url);
    await signInPortal(server, p, processor);
    const added = await p.trpc.portal.loan.addCondition.mutate({
      applicationId: who.applicationId,
      code,
      priorTo: "approval",
      dueOn: isoDay(Date.now() + 10 * DAY),
      borrowers: ["borrower"],
    });
    const id = added.conditions.find((c) => c.code === code)!.id;
    return (await who.b.trpc.loan.mine.query())!.conditions.find((c) => c.id === id)!;
  }

  const titles = (schema: unknown) =>
    Object.fromEntries(
      Object.entries((schema as { properties: Record<string, { title?: string }> }).properties).map(
        ([key, field]) => [key, field.title],
      ),
    );

  it("titles an employment form's fields in Spanish for a Spanish reader, the condition's label and description the catalogue's Spanish", async () => {
    const shown = await asked(await applicant("es"), 406);
    expect(shown.label).toBe("Datos del empleo");
    expect(shown.description).toMatch(/^El nombre, la dirección y el teléfono de su empleador/);
    expect(shown.form!.schema.title).toBe("Datos del empleo");
    expect(titles(shown.form!.schema)).toMatchObject({
      employerName: "Nombre del empleador",
      startDate: "Fecha de inicio",
    });
    const address = await asked(await applicant("es"), 101);
    expect(titles(address.form!.schema)).toMatchObject({
      line1: "Dirección",
      city: "Ciudad",
      state: "Estado",
      zip: "Código postal (ZIP)",
    });
  });

  it("titles them in English for an English reader", async () => {
    const shown = await asked(await applicant(null), 406);
    expect(shown.label).toBe("Employment details");
    expect(shown.form!.schema.title).toBe("Employment answer");
    expect(titles(shown.form!.schema)).toMatchObject({ employerName: "Employer name" });
  });
});
