// The loan's pages after submission in Spanish (issue 41): "Su préstamo" (/app/loan) at each point a
// borrower reaches after submitting — in review with conditions to answer, a counteroffer and its
// acceptance, a decline (the notice of action taken), a notice of incompleteness, the closing package
// to sign, signed, the account opened with each owner's last day to cancel and the draw held, the
// funding — and the right-to-cancel page, for a borrower who chose Español; the co-borrower's own
// pages after joining too (their loan, their part of the application, the right to cancel). Each with no English left (english-left.ts) but what is marked English:
// the closing documents, legal texts not yet reviewed in Spanish. axe clean; a screenshot of each
// (spanish-loan-<point>).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { todayIso } from "@engine/base/dates";
import { homeToday, inClosing, move, notarize, signBoth, submittedLoan, type Loan } from "../helpers/closing";
import type { Browser, TestServer } from "../helpers/server";
import { screenshot, seriousA11yViolations, useE2E } from "./browser";
import { englishLeft, translatedEnglish, untranslatedEnglish } from "./english-left";
import { e2eTestServer, pageWithSession } from "./sessions";

const e2e = useE2E({ shared: true });
const server = () => e2eTestServer(e2e) as TestServer;

/** The English left on each page visited, by the screenshot's name. */
const found: Record<string, string[]> = {};

/**
 * `path` in Spanish for `session`, once `ready` is on it: its English left recorded, axe asked, a
 * screenshot taken. Staff's own words (a notice of incompleteness's items) are shown as written
 * (docs/product-ops.md): `staffWords` lists them, the one English the page may show.
 */
async function visit(
  session: Browser,
  name: string,
  ready: RegExp | string,
  { path = "/app/loan", staffWords = [] as string[], width = 1280 } = {},
): Promise<Page> {
  const page = await pageWithSession(e2e, session, width);
  await page.context().addCookies([{ name: "heloc.lang", value: "es", url: e2e.server.url }]);
  await page.goto(path);
  await page.waitForFunction("document.documentElement?.lang === 'es'");
  await page.getByText(ready).first().waitFor();
  await page
    .getByText(/Cargando/)
    .first()
    .waitFor({ state: "detached" });
  const left = (await englishLeft(page, [...translatedEnglish, ...untranslatedEnglish])).filter(
    (s) => !staffWords.some((w) => s.includes(w)),
  );
  if (left.length) found[name] = left;
  expect({ name, axe: await seriousA11yViolations(page) }).toEqual({ name, axe: [] });
  await screenshot(page, `spanish-loan-${name}`);
  return page;
}

const ask = (loan: Loan, code: number) =>
  loan.staff.trpc.portal.loan.addCondition.mutate({
    applicationId: loan.applicationId,
    code,
    priorTo: "approval",
    dueOn: todayIso(new Date(Date.now() + 7 * 86_400_000)),
    borrowers: ["borrower", "coborrower"],
  });

describe("the loan's pages after submission in Spanish", { timeout: 400_000 }, () => {
  it("shows the decision, the conditions, closing, the right to cancel and funding in Spanish, for both borrowers", async () => {
    // In review, with a document condition and an information condition to answer.
    const reviewed = await submittedLoan(server());
    await move(reviewed, "startReview");
    await ask(reviewed, 411);
    await ask(reviewed, 406);
    // The catalogue's words for each condition, in Spanish: its label (a document's, the document's name) and description.
    const conditionsPage = await visit(reviewed.borrower, "conditions", "Su préstamo");
    for (const label of ["Estados de cuenta bancarios", "Datos del empleo"])
      await conditionsPage.getByRole("heading", { level: 3, name: label }).waitFor();
    await conditionsPage
      .getByText(/^El nombre, la dirección y el teléfono de su empleador/)
      .first()
      .waitFor();
    await visit(reviewed.coborrower, "coborrower-conditions", "Su préstamo", { width: 390 });
    // The co-borrower's own part of the application after joining (submitted: read only), its legal texts in English, marked so.
    await visit(reviewed.coborrower, "coborrower-application", /^Tengo la intención de solicitar/, {
      path: "/app/application/coborrower-consent",
      width: 390,
    });

    // A counteroffer at a lower line, then accepted: the approved terms and the question about the home.
    const countered = await submittedLoan(server());
    await move(countered, "startReview");
    const offer = (
      await countered.staff.trpc.portal.loan.get.query({ applicationId: countered.applicationId })
    ).offer!;
    await move(countered, "counteroffer", {
      terms: {
        lineAmount: offer.lineAmount - 10_000,
        apr: offer.apr,
        margin: offer.margin ?? 1.99,
        drawPeriodYears: 10,
        repaymentPeriodYears: 20,
      },
      reasons: ["collateralValue"],
    });
    await visit(countered.borrower, "counteroffer", /Aceptar esta oferta/);
    await countered.borrower.trpc.loan.answerCounteroffer.mutate({ answer: "accept" });
    await visit(countered.borrower, "counteroffer-accepted", /Su línea aprobada/);

    // Declined with two reasons.
    const declined = await submittedLoan(server());
    await move(declined, "startReview");
    await move(declined, "decline", { reasons: ["excessiveObligations", "insufficientIncome"] });
    const declinedPage = await visit(declined.borrower, "declined", "Su préstamo");
    // The reasons in Spanish; the notice, an English legal text, named in English and marked so, and said so.
    const decision = declinedPage.getByRole("region", { name: "Nuestra decisión" });
    for (const reason of [
      "Obligaciones excesivas en relación con los ingresos",
      "Ingresos insuficientes para el monto de crédito solicitado",
    ])
      await decision.getByText(reason, { exact: true }).waitFor();
    const notices = declinedPage.getByRole("region", { name: "Avisos que le entregamos" });
    expect(await notices.locator('[lang="en"]').allTextContents()).toEqual(["Notice of action taken"]);
    await notices
      .getByRole("note")
      .getByText(/^Los avisos cuyo título está en inglés/)
      .waitFor();

    // A notice of incompleteness, seen by each borrower (the items are staff's words).
    const incomplete = await submittedLoan(server());
    await move(incomplete, "startReview");
    await move(incomplete, "markIncomplete", {
      items: ["Your two most recent pay stubs"],
      deadline: todayIso(new Date(Date.now() + 14 * 86_400_000)),
    });
    const items = { staffWords: ["Your two most recent pay stubs"] };
    await visit(incomplete.borrower, "incomplete", "Su préstamo", items);
    await visit(incomplete.coborrower, "coborrower-incomplete", "Su préstamo", { ...items, width: 390 });

    // The closing package to sign, then signed by both and notarized: the account opens.
    const closing = await inClosing(server());
    const closingPage = await visit(closing.borrower, "closing", "Su préstamo");
    // Each closing document is an English legal text: its title and text marked English, its version in Spanish.
    const documents = closingPage.getByRole("region", { name: "Sus documentos de cierre" });
    await documents
      .getByRole("note")
      .getByText(/^Estos documentos legales se muestran en inglés/)
      .waitFor();
    const summary = documents.locator("summary").first();
    expect(await summary.textContent()).toMatch(/^Home equity line of credit agreement \(versión HELOC-/);
    expect(await summary.locator('[lang="en"]').textContent()).toBe("Home equity line of credit agreement");
    expect(await documents.locator('pre[lang="en"]').count()).toBe(await documents.locator("pre").count());
    await visit(closing.coborrower, "coborrower-closing", "Su préstamo", { width: 390 });
    await signBoth(closing);
    await visit(closing.borrower, "signed", "Su préstamo");
    await notarize(closing, homeToday(server()));
    await visit(closing.borrower, "account-opened", "Su préstamo");
    await visit(closing.borrower, "right-to-cancel", "Su derecho a cancelar", {
      path: "/app/right-to-cancel",
    });
    await visit(closing.coborrower, "coborrower-account-opened", "Su préstamo", { width: 390 });
    await visit(closing.coborrower, "coborrower-right-to-cancel", "Su derecho a cancelar", {
      path: "/app/right-to-cancel",
    });

    // Funded: no owner holds the right to cancel, so the first draw is released at once.
    const funded = await inClosing(server(), {
      occupancy: { borrower: false, coborrower: false, "owner-1": false, "owner-2": false },
    });
    await signBoth(funded);
    await notarize(funded, homeToday(server()));
    await move(funded, "fund");
    await visit(funded.borrower, "funded", "Su préstamo", { width: 390 });

    expect(found).toEqual({});
  });
});
