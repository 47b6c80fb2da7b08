// The public pages in Spanish (issue 41): the FAQ and the licensing page from their translations;
// the terms of use, a legal text whose Spanish is not reviewed, in English marked as such, under
// the Spanish sentence that says why. axe clean; screenshots spanish-faq, spanish-license, spanish-terms-of-use.
import { englishLeft } from "./english-left";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { screenshot, seriousA11yViolations, useE2E } from "./browser";

const e2e = useE2E({ shared: true });

async function spanishPage(path: string): Promise<Page> {
  // axe is added as a script: past the page's CSP.
  const { context, page } = await e2e.page(1280, { bypassCSP: true });
  await context.addCookies([{ name: "heloc.lang", value: "es", url: e2e.server.url }]);
  await page.goto(path);
  await page.waitForFunction("document.documentElement?.lang === 'es'");
  await page.locator(".prose h1").waitFor();
  return page;
}

describe("the public pages in Spanish", () => {
  it("shows the FAQ in Spanish, the credit statement in Spanish too, dated in Spanish", async () => {
    const page = await spanishPage("/faq");
    await expect.poll(() => page.locator(".prose h1").textContent()).toBe("Preguntas frecuentes");
    const text = (await page.locator("article").textContent()) ?? "";
    expect(text).toContain("¿Qué es una HELOC?");
    expect(text).toContain("no obtenemos su informe de crédito para mostrarla");
    expect(text).not.toContain("What is a HELOC?");
    expect(text).not.toContain("we do not obtain your credit report");
    expect(text).toContain("Última actualización: 15 de enero de 2025");
    expect(await page.title()).toContain("Preguntas frecuentes");
    expect(await englishLeft(page)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "spanish-faq");
  });

  it("shows the licensing page in Spanish", async () => {
    const page = await spanishPage("/license");
    await expect.poll(() => page.locator(".prose h1").textContent()).toBe("Licencias y divulgaciones");
    expect(await page.locator("article").textContent()).toContain("es un prestamista con licencia");
    // The license table's headings are Spanish; the license itself is as the state names it.
    expect(await page.locator("article th").allTextContents()).toEqual([
      "Estado",
      "Tipo de licencia",
      "Número de licencia",
    ]);
    // The state's notice is quoted in English as the state words it, marked so; the license number after it is Spanish.
    const notice = page.locator("article li", { hasText: "Licensed by" });
    expect(await notice.locator('[lang="en"]').textContent()).toMatch(/^Licensed by /);
    expect(await notice.textContent()).toMatch(/ Licencia n\.º [\w-]+\.$/);
    expect(await englishLeft(page)).toEqual([]);
    await screenshot(page, "spanish-license");
  });

  it("shows the terms of use in English, marked English, under the Spanish note, until a reviewer approves the Spanish", async () => {
    const page = await spanishPage("/terms-of-use");
    await expect.poll(() => page.locator(".prose h1").textContent()).toBe("Terms of use");
    expect(await page.locator(".prose").getAttribute("lang")).toBe("en");
    await expect
      .poll(() => page.locator("article").getByRole("note").textContent())
      .toContain("Este documento legal se muestra en inglés");
    expect(await englishLeft(page)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "spanish-terms-of-use");
  });

  it("shows an English reader the English FAQ, with no note", async () => {
    const { page } = await e2e.page();
    await page.goto("/faq");
    await expect.poll(() => page.locator(".prose h1").textContent()).toBe("Frequently asked questions");
    expect(await page.locator("article").getByRole("note").count()).toBe(0);
    expect(await page.locator("article").textContent()).toContain("Last updated January 15, 2025");
  });
});
