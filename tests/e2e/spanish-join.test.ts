// The co-borrower's join page in Spanish (issue 41): every text of the page, the role's name and
// the day the link works until in Spanish for a reader who chose Español; a link that no longer
// works said in Spanish too. axe clean; screenshots spanish-join, spanish-join-gone. The partner
// portal's set-password page stays English by design (docs/product-ops.md), whatever the cookie.
import { englishLeft } from "./english-left";
import { describe, expect, it } from "vitest";
import { transaction } from "@server/persistence/db/client";
import { memberStore } from "@server/features/members/store";
import { makeApplicant } from "../helpers/accounts";
import { screenshot, seriousA11yViolations, useE2E } from "./browser";

const e2e = useE2E({ shared: true });

async function spanishPage(path: string) {
  // axe is added as a script: past the page's CSP.
  const { context, page } = await e2e.page(1280, { bypassCSP: true });
  await context.addCookies([{ name: "heloc.lang", value: "es", url: e2e.server.url }]);
  await page.goto(path);
  await page.waitForFunction("document.documentElement?.lang === 'es'");
  await page.locator("h1").waitFor();
  return page;
}

describe("the join page in Spanish", () => {
  it("says who invited them, as what, to which address and until when, in Spanish", async () => {
    const { services } = e2e.server;
    const borrower = await makeApplicant(services, {
      status: "application3",
      doc: {
        user: { firstName: "Maria", lastName: "Alvarez" },
        setup: { hasCoborrower: true },
        coborrowerInvite: { answeredBy: "coborrower", email: "ines@example.com" },
      },
    });
    const token = await transaction(services.db, (tx) =>
      memberStore(services).invite(
        tx,
        borrower.applicationId,
        "coborrower",
        "ines@example.com",
        services.now(),
      ),
    );
    const page = await spanishPage(`/app/join?token=${token}`);
    await expect
      .poll(() => page.locator("h1").textContent())
      .toBe("Maria Alvarez le invitó a presentar la solicitud en conjunto como coprestatario");
    const text = (await page.locator("main").textContent()) ?? "";
    expect(text).toContain("Usted responde su propia parte de la solicitud");
    expect(text).toContain("La invitación se envió a i•••@example.com: su cuenta usará esa dirección.");
    expect(text).toMatch(/Este enlace funciona una sola vez, hasta el \d{1,2} de [a-z]+ de \d{4}\./);
    expect(await page.getByRole("button", { name: "Aceptar y continuar" }).count()).toBe(1);
    expect(await page.title()).toContain("Unirse a una solicitud");
    expect(text).not.toMatch(/invited you|The invite was sent|This link works|Accept and continue/);
    expect(await englishLeft(page)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "spanish-join");
  });

  it("says in Spanish that a link no longer works, with the way to sign in", async () => {
    const page = await spanishPage(`/app/join?token=${"A".repeat(43)}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Este enlace de invitación no funciona");
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toContain("Este enlace de invitación venció, fue reemplazado por uno más reciente o ya se usó.");
    expect(await page.getByRole("link", { name: "Ir a iniciar sesión" }).count()).toBe(1);
    expect(await englishLeft(page)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "spanish-join-gone");
  });

  it("shows the partner portal's set-password page in English, as the whole portal is", async () => {
    const { context, page } = await e2e.page();
    await context.addCookies([{ name: "heloc.lang", value: "es", url: e2e.server.url }]);
    await page.goto(`/portal/set-password?token=${"A".repeat(43)}`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("This link no longer works");
    await screenshot(page, "spanish-cookie-set-password");
  });
});
