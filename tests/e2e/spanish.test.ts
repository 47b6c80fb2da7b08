// The funnel in Spanish (issue 41): an applicant chooses Español on the home page and reads the
// early funnel in it: <html lang>, the step's words, the progress, Next, the field errors, numbers;
// a string whose translation is missing shows in English, never an old sentence.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { routeOf } from "../helpers/routes";
import { makeApplicant } from "../helpers/accounts";
import { submittedLoan, TWO_BORROWERS } from "../helpers/closing";
import { browser as apiBrowser, newestMail, type TestServer } from "../helpers/server";
import { answer, fieldBox } from "./answer";
import { dataDirOf, screenshot, seriousA11yViolations, useE2E } from "./browser";
import { e2eTestServer, pageWithSession } from "./sessions";
import { englishLeft, translatedEnglish, untranslatedEnglish } from "./english-left";

const e2e = useE2E({ shared: true });

/**
 * The home page drawn by the app, as a visitor waits for it: the build's static frame paints the
 * header (the language buttons too) before any code, and a button clicked then does nothing; the
 * page's heading comes only with the app, whose buttons answer.
 */
const homeDrawn = (page: Page) => page.getByRole("heading", { level: 1 }).first().waitFor();

async function inSpanish(page: Page) {
  await page.goto("/");
  await homeDrawn(page);
  // Choosing a language loads the page again (web/src/app/locale.ts): wait for that load, as the
  // page's document is replaced meanwhile.
  const reloaded = page.waitForEvent("load");
  await page.getByRole("button", { name: "Español" }).click();
  await reloaded;
  await page.waitForFunction("document.documentElement?.lang === 'es'");
  await expect
    .poll(() => page.getByRole("button", { name: "Español" }).getAttribute("aria-pressed"))
    .toBe("true");
}

describe("the funnel in Spanish (e2e, headless Chromium)", { timeout: 120_000 }, () => {
  it("shows the name step in Spanish after Español is chosen on the home page, errors too, and keeps the choice", async () => {
    for (const width of [375, 1280]) {
      const { page } = await e2e.page(width, { bypassCSP: true });
      await inSpanish(page);
      // The home page and the frame in Spanish: heading, choices, navigation, footer.
      await page
        .getByRole("heading", { level: 1, name: "Aproveche el valor líquido de su vivienda, a su manera" })
        .waitFor();
      await page.getByRole("link", { name: "Iniciar sesión" }).waitFor();
      await page.getByRole("navigation", { name: "Información legal y ayuda" }).waitFor();
      await screenshot(page, `spanish-home-${width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole("link", { name: /Vivienda principal/ }).click();
      await page.waitForURL(`**${routeOf("name")}`);
      await page.getByRole("heading", { level: 1, name: "Comencemos. ¿Cuál es su nombre?" }).waitFor();
      await expect(page.evaluate("document.documentElement.lang")).resolves.toBe("es");
      await screenshot(page, `spanish-name-${width}`);
      await expect(page.getByLabel(/^Nombre/).count()).resolves.toBe(1);
      await expect(
        page
          .getByText(/Su vivienda/)
          .first()
          .isVisible(),
      ).resolves.toBe(true);
      // Siguiente with nothing answered: the engine's messages, in Spanish.
      await page.getByRole("button", { name: "Siguiente" }).click();
      await expect(fieldBox(page, "/user/firstName").innerText()).resolves.toContain(
        "Nombre: es obligatorio",
      );
      await page.getByText("2 respuestas requieren su atención.").waitFor();
      await screenshot(page, `spanish-name-errors-${width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await answer(page, "/user/firstName", "Dana");
      await answer(page, "/user/lastName", "Rivera");
      await page.getByRole("button", { name: "Siguiente" }).click();
      await page.waitForURL(`**${routeOf("email")}`, { timeout: 45_000 });
      await page
        .getByRole("heading", { level: 1, name: "¿Cuál es su dirección de correo electrónico?" })
        .waitFor();
      await page.getByRole("button", { name: "Enviarme un código" }).waitFor();
      await page.getByRole("button", { name: "Atrás" }).waitFor();
      await screenshot(page, `spanish-email-${width}`);
      // A reload (the page shell from the server) stays in Spanish.
      await page.reload();
      await page
        .getByRole("heading", { level: 1, name: "¿Cuál es su dirección de correo electrónico?" })
        .waitFor();
      await expect(page.evaluate("document.documentElement.lang")).resolves.toBe("es");
      await page.context().close();
    }
  });

  it("walks the home page, name, email, the mailed code (a wrong one first) and the disclosures in Spanish, with no English left but the legal texts marked English", async () => {
    const { page, context } = await e2e.page(1280, { bypassCSP: true });
    await inSpanish(page);
    expect(translatedEnglish.length).toBeGreaterThan(300);
    expect(await englishLeft(page)).toEqual([]);
    await page.getByRole("link", { name: /Vivienda principal/ }).click();
    await page.getByRole("heading", { level: 1, name: "Comencemos. ¿Cuál es su nombre?" }).waitFor();
    expect(await englishLeft(page)).toEqual([]);
    await answer(page, "/user/firstName", "Dana");
    await answer(page, "/user/lastName", "Rivera");
    await page.getByRole("button", { name: "Siguiente" }).click();
    await page.waitForURL(`**${routeOf("email")}`, { timeout: 45_000 });
    await page.getByRole("button", { name: "Enviarme un código" }).waitFor();
    expect(await englishLeft(page)).toEqual([]);
    const email = `dana.${Date.now()}@example.com`;
    await answer(page, "/user/email", email);
    await page.getByRole("button", { name: "Enviarme un código" }).click();
    await page.waitForURL(`**${routeOf("emailVerify")}`);
    // The mail is in Spanish (the outbox's quoted-printable bytes read as their UTF-8).
    let mail = "";
    for (let waited = 0; !mail && waited < 10_000; waited += 100)
      try {
        mail = Buffer.from(newestMail(dataDirOf(page.url()), email), "latin1").toString("utf8");
      } catch {
        await page.waitForTimeout(100);
      }
    expect(mail).toContain("Confirma que esta dirección de correo electrónico es suya.");
    const code = /Su código es (\d{6})\./.exec(mail)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // A wrong code: the server's refusal, in Spanish, at the field.
    await answer(page, "/otpCode", code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Confirmar" }).click();
    await expect(
      fieldBox(page, "/otpCode")
        .getByText(
          "Ese no es el código que le enviamos por correo electrónico. Revíselo e inténtelo de nuevo.",
        )
        .waitFor()
        .then(() => true),
    ).resolves.toBe(true);
    expect(await englishLeft(page)).toEqual([]);
    await screenshot(page, "spanish-verify-email-wrong-code-1280");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await answer(page, "/otpCode", code!);
    await page.getByRole("button", { name: "Confirmar" }).click();
    await page.waitForURL(`**${routeOf("earlyDisclosures")}`);
    await page
      .getByRole("heading", { level: 1, name: "Antes de preguntarle sobre su vivienda y su crédito" })
      .waitFor();
    // The legal texts have no reviewed Spanish: shown in English (marked lang="en") under the Spanish note.
    await page
      .getByText(/Este documento legal se muestra en inglés/)
      .first()
      .waitFor();
    await expect(
      page.locator('[data-document="heloc-important-terms"] [lang="en"]').count(),
    ).resolves.toBeGreaterThan(0);
    await screenshot(page, "spanish-early-disclosures-1280");
    expect(await englishLeft(page)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it("shows the application after property info in Spanish: demographics, declarations and the summary, with no English left", async () => {
    // An applicant whose next page is `status`, signed in, reading Spanish.
    const signedIn = async (status: string) => {
      const doc = structuredClone(TWO_BORROWERS);
      doc.user.email = `ana.${crypto.randomUUID()}@example.com`;
      doc.coborrower.email = `rosa.${crypto.randomUUID()}@example.com`;
      const who = await makeApplicant(e2e.server.services, {
        email: doc.user.email,
        status,
        doc,
        walked: true,
      });
      const api = apiBrowser(e2e.server.url);
      api.cookies.set("heloc.lang", "es");
      await api.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
      api.cookies.set("heloc.lang", "es");
      return pageWithSession(e2e, api, 1280);
    };
    const visits: [status: string, stepId: string, heading: string][] = [
      ["application7", "application7", "Información demográfica (opcional)"],
      ["application8", "application8", "Declaraciones"],
      ["application8", "applicationSummary", "Su solicitud"],
    ];
    let page: Awaited<ReturnType<typeof signedIn>> | null = null;
    let at = "";
    for (const [status, stepId, heading] of visits) {
      if (status !== at) {
        await page?.context().close();
        page = await signedIn(status);
        at = status;
      }
      await page!.goto(routeOf(stepId), { waitUntil: "networkidle" });
      await page!.getByRole("heading", { level: 1, name: heading }).waitFor();
      await page!
        .getByText(/Cargando/)
        .first()
        .waitFor({ state: "detached" });
      await expect(page!.evaluate("document.documentElement.lang")).resolves.toBe("es");
      const left = await englishLeft(page!, [...translatedEnglish, ...untranslatedEnglish]);
      expect({ stepId, left }).toEqual({ stepId, left: [] });
      await screenshot(page!, `spanish-${stepId}-1280`);
      expect(await seriousA11yViolations(page!)).toEqual([]);
    }
    // The offer in Spanish, and its wait: quote.current held back until the spinner is seen.
    await page!.context().close();
    page = await signedIn("previewOffer");
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/trpc\/[^?]*quote\.current/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(routeOf("previewOffer"));
    await page.getByText("Estamos calculando su oferta").first().waitFor();
    expect(await englishLeft(page, [...translatedEnglish, ...untranslatedEnglish])).toEqual([]);
    await screenshot(page, "spanish-offer-wait-1280");
    release();
    await page.getByText("Estimado de precalificación").waitFor();
    expect(await englishLeft(page, [...translatedEnglish, ...untranslatedEnglish])).toEqual([]);
    await screenshot(page, "spanish-previewOffer-1280");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
    page = await signedIn("application8");
    // The declarations' first question, in the URLA's words and then in plain words.
    await page.goto(routeOf("application8"));
    await page.getByText("A. ¿Ocupará la propiedad como su residencia principal?").first().waitFor();
    await page
      .getByText(/En palabras sencillas: ¿vivirá en esta propiedad/)
      .first()
      .waitFor();
    await page
      .getByRole("heading", { name: "Sobre esta propiedad y su dinero para este préstamo (URLA 5a)" })
      .waitFor();
    await page.getByRole("button", { name: "Continuar" }).waitFor();
    await page.context().close();
  });

  it("shows the loan's status page in Spanish: the milestone, its history and the page's own words", async () => {
    const loan = await submittedLoan(e2eTestServer(e2e) as TestServer);
    loan.borrower.cookies.set("heloc.lang", "es");
    const page = await pageWithSession(e2e, loan.borrower, 1280);
    await page.goto("/app/loan");
    await page.getByRole("heading", { level: 1, name: "Su préstamo" }).waitFor();
    await page.getByRole("heading", { name: "En qué etapa está su préstamo" }).waitFor();
    await page.getByText("Presentada", { exact: true }).first().waitFor();
    await expect(page.evaluate("document.documentElement.lang")).resolves.toBe("es");
    expect(await englishLeft(page, [...translatedEnglish, ...untranslatedEnglish])).toEqual([]);
    await screenshot(page, "spanish-loan-status-1280");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("finds an English sentence hard-coded on a Spanish page, in its text or an aria-label, but not one marked English", async () => {
    const { page, context } = await e2e.page(1280);
    await inSpanish(page);
    await page.getByRole("link", { name: /Vivienda principal/ }).click();
    await page.getByRole("heading", { level: 1, name: "Comencemos. ¿Cuál es su nombre?" }).waitFor();
    expect(await englishLeft(page)).toEqual([]);
    // Planted as a component would write them: a sentence with a value put in, and a button's name.
    await page.evaluate(`(() => {
      const main = document.querySelector("main");
      const p = document.createElement("p");
      p.id = "planted";
      p.append("Upload the front of ", document.createElement("strong"), " for the other borrower.");
      const button = document.createElement("button");
      button.id = "planted-button";
      button.setAttribute("aria-label", "Remove this file from your documents");
      button.textContent = "×";
      const marked = document.createElement("p");
      marked.id = "planted-english";
      marked.lang = "en";
      marked.textContent = "This legal document is in English and you may ask us about it.";
      main.append(p, button, marked);
    })()`);
    expect(await englishLeft(page)).toEqual([
      "sentence: Upload the front of … for the other borrower.",
      "aria-label: Remove this file from your documents",
    ]);
    await page.evaluate(
      `["planted", "planted-button", "planted-english"].forEach((id) => document.getElementById(id).remove())`,
    );
    expect(await englishLeft(page)).toEqual([]);
    await context.close();
  });

  it("switches to Spanish from the page's frame before any of its code has run, and stays on the page", async () => {
    // JavaScript off: the page is the build's static frame alone, as a visitor sees it on a slow
    // load before the app starts. Its language buttons must still work (choose-route.ts).
    const context = await e2e.browser.newContext({ javaScriptEnabled: false, baseURL: e2e.server.url });
    try {
      const page = await context.newPage();
      await page.goto("/faq?from=frame");
      await page.getByRole("button", { name: "Español", pressed: false }).click();
      await page.waitForURL("**/faq?from=frame");
      expect((await context.cookies()).find((c) => c.name === "heloc.lang")?.value).toBe("es");
      await page.getByRole("button", { name: "Español", pressed: true }).waitFor();
      // Back on the page it was chosen on (the server filled the frame's return path), not the home page.
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/faq?from=frame");
      await expect(page.locator("html").getAttribute("lang")).resolves.toBe("es");
      // The frame's notice to a browser without JavaScript, in the chosen language too.
      await expect(page.locator("noscript").textContent()).resolves.toBe(
        "Este sitio necesita JavaScript para funcionar. Llámenos o escriba a soporte si no puede activarlo.",
      );
      await screenshot(page, "spanish-frame-before-code");
    } finally {
      await context.close();
    }
  });

  it("goes back to English when English is chosen", async () => {
    const { page, context } = await e2e.page(1280);
    await inSpanish(page);
    // The Spanish page drawn by the app (its static frame shows the buttons pressed already).
    await homeDrawn(page);
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "English" }).click();
    await reloaded;
    await page.waitForFunction("document.documentElement?.lang === 'en'");
    await page.getByRole("button", { name: "English", pressed: true }).waitFor();
    // The page in English once its hero is drawn (the frame comes first).
    await page.getByRole("heading", { name: "Unlock your home equity, on your terms" }).waitFor();
    // The check that finds no English on the Spanish pages finds it here.
    expect(await englishLeft(page)).toContain("Unlock your home equity, on your terms");
    await page.getByRole("link", { name: /Primary Home/ }).click();
    await page.getByRole("heading", { level: 1, name: "Let's get started. What's your name?" }).waitFor();
    await context.close();
  });
});
