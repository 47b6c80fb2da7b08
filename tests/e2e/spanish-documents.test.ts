// A Spanish applicant's documents checklist and a condition's answer form (issue 41): each document
// is named, and why we ask said, in Spanish (rules/document-types.json's translation), among the
// checklist's own words in Spanish (engine/locale/words.ts checklist.*); the form's
// fields are titled in Spanish, the condition's label and description the catalogue's Spanish. Screenshots looked at.
import { englishLeft, translatedEnglish, untranslatedEnglish } from "./english-left";
import { describe, expect, it } from "vitest";
import { todayIso } from "@engine/base/dates";
import { openedLoan, submittedLoan } from "../helpers/closing";
import type { TestServer } from "../helpers/server";
import { screenshot, seriousA11yViolations, useE2E } from "./browser";
import { e2eTestServer, pageWithSession } from "./sessions";

const e2e = useE2E();
const server = () => e2eTestServer(e2e) as TestServer;

describe("documents and a condition's form in Spanish (e2e)", { timeout: 120_000 }, () => {
  it("names each document in Spanish on the checklist and titles an answer form's fields in Spanish", async () => {
    const loan = await submittedLoan(server());
    await loan.staff.trpc.portal.loan.addCondition.mutate({
      applicationId: loan.applicationId,
      code: 406,
      priorTo: "approval",
      dueOn: todayIso(new Date(Date.now() + 7 * 86_400_000)),
      borrowers: ["borrower"],
    });
    const page = await pageWithSession(e2e, loan.borrower, 1280);
    await page.context().addCookies([{ name: "heloc.lang", value: "es", url: e2e.server.url }]);

    await page.goto("/app/upload");
    await page
      .getByText("Estados de cuenta bancarios más recientes, con todas sus páginas")
      .first()
      .waitFor();
    await page
      .getByText("Muestran los depósitos de su salario y sus ahorros.", { exact: false })
      .first()
      .waitFor();
    const text = await page.locator("main").innerText();
    expect(text).not.toMatch(/Most recent bank statements|They show your pay going in|front and back/);
    // The checklist's own words too: its headings, statuses and drop zones.
    for (const heading of ["Sus documentos", "Documentos de su coprestatario", "Documentos de la propiedad"])
      await page.getByRole("heading", { level: 2, name: heading }).waitFor();
    expect(text).toMatch(/Todavía necesitamos \d+ de \d+ documentos\./);
    // The submitted application's notice above the step.
    expect(text).toContain(
      "Su solicitud ya fue presentada, por lo que estas respuestas ya no se pueden cambiar.",
    );
    expect(text).not.toMatch(
      /Your documents|Property documents|Drag files here|Choose files|Needed|Upload each document/,
    );
    // Each upload named for a screen reader in Spanish, with whose document it is.
    await page
      .getByLabel(/^Cargar estados de cuenta bancarios más recientes, con todas sus páginas de \S/)
      .first()
      .waitFor({ state: "attached" });
    await page
      .getByLabel(/^Tomar una foto de estados de cuenta bancarios más recientes/)
      .first()
      .waitFor({ state: "attached" });
    // No English sentence left: the screen-reader names of each upload, the ID's side slots, the files' rows.
    expect(await englishLeft(page, [...translatedEnglish, ...untranslatedEnglish])).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "spanish-documents-checklist");

    await page.goto("/app/loan");
    const employment = page.getByRole("region", { name: "Datos del empleo" });
    await employment.getByLabel("Nombre del empleador").waitFor();
    for (const label of ["Puesto o cargo", "Fecha de inicio"])
      expect(await employment.getByLabel(label, { exact: false }).count()).toBeGreaterThan(0);
    expect(await employment.getByLabel("Employer name").count()).toBe(0);
    // Its due day as Spanish writes a day.
    await page.getByText(/^Fecha límite: \p{Ll}+, \d+ de \p{Ll}+ de \d{4}$/u).waitFor();
    // The condition's label and description are the catalogue's, in Spanish: no English is left.
    await page.getByRole("heading", { level: 3, name: "Datos del empleo" }).waitFor();
    expect(await englishLeft(page, [...translatedEnglish, ...untranslatedEnglish])).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "spanish-condition-form");
  });

  it("shows the borrower each borrower's part on the progress page in Spanish", async () => {
    const loan = await submittedLoan(server());
    const page = await pageWithSession(e2e, loan.borrower, 1280);
    await page.context().addCookies([{ name: "heloc.lang", value: "es", url: e2e.server.url }]);
    await page.goto("/app/application/progress");
    await page.getByRole("list", { name: "La parte de cada prestatario" }).waitFor();
    await page.getByRole("heading", { level: 2, name: "Usted" }).waitFor();
    await page.getByRole("heading", { level: 2, name: /^Su coprestatario/ }).waitFor();
    await page.getByRole("link", { name: "súbalo aquí" }).waitFor();
    expect(await page.locator("main").innerText()).toMatch(/\d+ de \d+ pasos? completados?/);
    expect(await englishLeft(page, [...translatedEnglish, ...untranslatedEnglish])).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "spanish-progress");
  });

  it("shows the right-to-cancel page in Spanish, its dates as Spanish writes them, and says the notice is in English", async () => {
    const loan = await openedLoan(server(), {
      occupancy: { borrower: true, coborrower: true },
      titleHolders: { borrowerOnTitle: true, coborrowerOnTitle: true, otherOwners: [] },
    });
    const page = await pageWithSession(e2e, loan.borrower, 1280);
    await page.context().addCookies([{ name: "heloc.lang", value: "es", url: e2e.server.url }]);
    await page.goto("/app/right-to-cancel");
    await page.getByRole("heading", { level: 1, name: "Su derecho a cancelar" }).waitFor();
    await page
      .getByText(/^Puede cancelar hasta la medianoche del \p{Ll}+, \d+ de \p{Ll}+ de \d{4}\./u)
      .waitFor();
    await page
      .getByRole("link", { name: "Descargue su aviso del derecho a cancelar (PDF, dos copias)" })
      .waitFor();
    await page.getByText("Este documento legal se muestra en inglés", { exact: false }).waitFor();
    await page.getByRole("button", { name: "Cancelar mi línea de crédito" }).waitFor();
    const text = await page.locator("main").innerText();
    expect(text).not.toMatch(/You may cancel|Cancel your line of credit|Type your full name/);
    expect(await englishLeft(page)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "spanish-right-to-cancel");
  });
});
