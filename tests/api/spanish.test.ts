// The server in the applicant's language (issue 41): the language chosen (the heloc.lang cookie)
// decides the words of definitions.page, of the page shell and of step.submit's refusals; the
// rules judging the answers are the same.
import { TRPCClientError } from "@trpc/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApplicant, makePortalUser, signedInStaff } from "../helpers/accounts";
import { submittedLoan } from "../helpers/closing";
import { copyDefinitions } from "../helpers/definitions";
import { browser, newestMail, testServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

const fieldErrorsOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCClientError);
  return (error as TRPCClientError<never>).data as unknown as {
    httpStatus: number;
    fieldErrors?: { pointer: string; message: string }[];
  };
};

describe("the server in Spanish", () => {
  it("refuses a save with the fields named in Spanish for an applicant who chose Español, and in English otherwise", async () => {
    const spanish = browser(server.url);
    spanish.cookies.set("heloc.lang", "es");
    const es = await fieldErrorsOf(
      spanish.trpc.step.submit.mutate({ stepId: "name", answers: { user: {} } }),
    );
    expect(es.httpStatus).toBe(400);
    expect(es.fieldErrors).toEqual([
      { pointer: "/user/firstName", message: "Nombre: es obligatorio" },
      { pointer: "/user/lastName", message: "Apellido: es obligatorio" },
    ]);
    const english = browser(server.url);
    const en = await fieldErrorsOf(
      english.trpc.step.submit.mutate({ stepId: "name", answers: { user: {} } }),
    );
    expect(en.fieldErrors?.map((e) => e.message)).toEqual([
      "First name is required",
      "Last name is required",
    ]);
    // Same rules: a valid save passes in Spanish too.
    await expect(
      spanish.trpc.step.submit.mutate({
        stepId: "name",
        answers: { user: { firstName: "Ana", lastName: "Ruiz" } },
      }),
    ).resolves.toMatchObject({ stepId: "email" });
  });

  it("sends a funnel page its files and words in Spanish, and an unknown language as English", async () => {
    const b = browser(server.url);
    b.cookies.set("heloc.lang", "es");
    const page = await b.trpc.definitions.page.query({ route: "/app/initial-setup/name" });
    expect(page.locale).toEqual({ code: "es", intl: "es-US" });
    expect(page.words["form.next"]).toBe("Siguiente");
    // The server's refusals and mails are said by the server: a page is never sent them.
    expect(Object.keys(page.words).filter((id) => /^(refusal|mail)\./.test(id))).toEqual([]);
    expect(page.files.steps["initial-setup/name.json"]).toMatchObject({
      title: "Comencemos. ¿Cuál es su nombre?",
    });
    // A step's own files, fetched ahead to join the page, come in Spanish without the words again.
    const part = await b.trpc.definitions.page.query({ stepId: "email" });
    expect(part.locale.code).toBe("es");
    expect(part.words).toEqual({});
    expect(part.files.steps["initial-setup/email.json"]).toMatchObject({ title: expect.any(String) });
    b.cookies.set("heloc.lang", "xx");
    const other = await b.trpc.definitions.page.query({ route: "/app/initial-setup/name" });
    expect(other.locale.code).toBe("en");
    expect(other.words).toEqual({});
  });
});

describe("the server's other refusals in Spanish", () => {
  const refusalOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TRPCClientError);
    return error as TRPCClientError<never>;
  };

  it("says why a later step is not open yet in the applicant's language, and in English otherwise", async () => {
    const who = await makeApplicant(server.services, { status: "propertyValue" });
    const save = async (lang: string) => {
      const b = browser(server.url);
      b.cookies.set("heloc.lang", lang);
      await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
      b.cookies.set("heloc.lang", lang);
      return refusalOf(
        b.trpc.step.submit.mutate({ stepId: "mortgageBalance", answers: { setup: { mortgageBalance: 1 } } }),
      );
    };
    const english = await save("en");
    expect(english.message).toBe("This page is not open yet: answer the pages before it first.");
    const spanish = await save("es");
    const status = (e: TRPCClientError<never>) => (e.data as unknown as { httpStatus: number }).httpStatus;
    expect(status(spanish)).toBe(status(english));
    expect(spanish.message).toBe(
      "Esta página todavía no está disponible: primero responda las páginas anteriores.",
    );
  });

  it("refuses a malformed call in Spanish, naming each field as the API does, at the same pointers; English unchanged", async () => {
    const call = (lang: string) => {
      const b = browser(server.url);
      b.cookies.set("heloc.lang", lang);
      return refusalOf(b.trpc.step.submit.mutate({ stepId: 7, answers: {}, revision: -1 } as never));
    };
    const english = await call("en");
    const spanish = await call("es");
    const data = (e: TRPCClientError<never>) =>
      e.data as unknown as { httpStatus: number; fieldErrors: { pointer: string; message: string }[] };
    expect(data(english)).toMatchObject({
      httpStatus: 400,
      fieldErrors: [
        { pointer: "/stepId", message: "Step must be text" },
        { pointer: "/revision", message: "Revision must be at least 0" },
      ],
    });
    expect(data(spanish).httpStatus).toBe(400);
    expect(data(spanish).fieldErrors).toEqual([
      { pointer: "/stepId", message: "Step: debe ser texto" },
      { pointer: "/revision", message: "Revision: debe ser como mínimo 0" },
    ]);
    expect(spanish.message).toBe("/stepId: Step: debe ser texto");
    expect(english.message).toBe("/stepId: Step must be text");
  });

  it("asks a visitor to start from the first question in Spanish", async () => {
    const b = browser(server.url);
    b.cookies.set("heloc.lang", "es");
    const refused = await refusalOf(
      b.trpc.step.submit.mutate({ stepId: "propertyValue", answers: { setup: { propertyValue: 500000 } } }),
    );
    expect(refused.message).toBe("Comience su solicitud desde la primera pregunta.");
  });
});

describe("the code mailed in Spanish", () => {
  it("mails the email step's code in Spanish to an applicant who chose Español, and refuses a wrong code in Spanish", async () => {
    const b = browser(server.url);
    b.cookies.set("heloc.lang", "es");
    await b.trpc.step.submit.mutate({
      stepId: "name",
      answers: { user: { firstName: "Ana", lastName: "Ruiz" } },
    });
    const email = `ana-${Date.now()}@example.com`;
    await b.trpc.step.submit.mutate({ stepId: "email", answers: { user: { email } } });
    await server.services.settled();
    // The outbox's quoted-printable bytes, read as the UTF-8 they are.
    const mail = Buffer.from(newestMail(server.dataDir, email), "latin1").toString("utf8");
    expect(mail).toContain("Confirma que esta dirección de correo electrónico es suya.");
    expect(mail).not.toContain("It confirms that this email address is yours");
    const code = /Su código es (\d{6})\./.exec(mail)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await fieldErrorsOf(
      b.trpc.step.submit.mutate({
        stepId: "emailVerify",
        answers: { otpCode: code === "000000" ? "111111" : "000000" },
      }),
    );
    expect(wrong.fieldErrors?.map((e) => e.message)).toEqual([
      "Ese no es el código que le enviamos por correo electrónico. Revíselo e inténtelo de nuevo.",
    ]);
  });
});

describe("sign-in refusals in Spanish (rules/auth-errors.json)", () => {
  const signIn = (lang: string, base: "Applicant" | "Portal", credentials: Record<string, string>) => {
    const b = browser(server.url);
    b.cookies.set("heloc.lang", lang);
    return b.auth(base, "callback/credentials", credentials);
  };

  it("refuses a Spanish applicant's wrong code and wrong password in Spanish, with the same error name and status", async () => {
    const who = await makeApplicant(server.services);
    const wrongCode = { email: who.email, code: "000000" };
    const wrongPassword = { email: who.email, password: "not the password" };
    const code = await signIn("es", "Applicant", wrongCode);
    expect(code.status).toBe(401);
    expect(code.body).toMatchObject({
      error: "CredentialsSignin",
      message:
        "Ese código no coincide. Revise el código de 6 dígitos de su correo electrónico más reciente e inténtelo de nuevo, o pida un código nuevo.",
    });
    const password = await signIn("es", "Applicant", wrongPassword);
    expect(password.status).toBe(401);
    expect(password.body).toMatchObject({
      error: "CredentialsSignin",
      message: "El correo electrónico y la contraseña no coinciden. Revíselos e inténtelo de nuevo.",
    });
    expect(password.body.url).toBe("/app/login?error=CredentialsSignin");
    // An English reader's answer is as it was.
    expect((await signIn("en", "Applicant", wrongPassword)).body.message).toBe(
      "That email and password did not match. Check them and try again.",
    );
  });

  it("refuses a malformed address in Spanish before it is looked up", async () => {
    const res = await signIn("es", "Applicant", { email: "not-an-address", password: "x" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: "InvalidEmail",
      message: "Escriba un correo electrónico válido, como nombre@ejemplo.com.",
    });
  });

  it("keeps the portal's sign-in refusals English whatever language the browser chose (the portal is English by design)", async () => {
    const staff = await makePortalUser(server.services);
    const res = await signIn("es", "Portal", { email: staff.email, password: "not the password" });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("That email and password did not match. Check them and try again.");
  });
});

describe("a PDF download refused in Spanish", () => {
  it("asks a Spanish visitor to sign in, in Spanish, and staff's download stays English", async () => {
    const get = (path: string, lang: string) =>
      fetch(new URL(path, server.url), { headers: { cookie: `heloc.lang=${lang}` } }).then(async (res) => ({
        status: res.status,
        message: ((await res.json()) as { error: { message: string } }).error.message,
      }));
    expect(await get("/api/esign/latest.pdf", "es")).toEqual({
      status: 401,
      message: "Inicie sesión para descargar sus divulgaciones firmadas",
    });
    expect(await get("/api/esign/latest.pdf", "en")).toEqual({
      status: 401,
      message: "Sign in to download your signed disclosures",
    });
    expect((await get("/api/esign/latest.pdf?application=x", "es")).message).toBe(
      "Sign in to download your signed disclosures",
    );
  });
});

describe("a changed English label", () => {
  it("is listed stale in the portal, at its translation's line, a new one missing, and the Spanish page shows the English", async () => {
    const copy = copyDefinitions();
    copy.edit("steps/initial-setup/name.json", (step) => {
      step.title = "Let's begin. What is your name?";
      (step.uiSchema as Record<string, unknown>).user = { firstName: { "ui:help": "As on your ID." } };
    });
    const changed = await testServer({ definitions: copy.dirs });
    try {
      const admin = await signedInStaff(changed, "admin");
      const report = await admin.b.trpc.portal.translations.query();
      const es = report.locales.find((l) => l.locale === "es")!;
      expect(es.stale).toEqual([
        expect.objectContaining({
          file: "content/locales/es/steps/initial-setup/name.json",
          pointer: "/strings/~1title",
          line: expect.any(Number),
          column: expect.any(Number),
          message: expect.stringContaining("Let's begin. What is your name?"),
        }),
      ]);
      expect(es.missing).toEqual([
        expect.objectContaining({
          source: "steps/initial-setup/name.json",
          pointer: "/uiSchema/user/firstName/ui:help",
          english: "As on your ID.",
        }),
      ]);
      const b = browser(changed.url);
      b.cookies.set("heloc.lang", "es");
      const page = await b.trpc.definitions.page.query({ route: "/app/initial-setup/name" });
      expect(page.files.steps["initial-setup/name.json"]).toMatchObject({
        title: "Let's begin. What is your name?",
        label: "Nombre",
      });
    } finally {
      await changed.close();
    }
  });
});

describe("the language on the account", () => {
  it("remembers a signed-in applicant's choice on their account, and gives it to a browser that has none (another device)", async () => {
    const who = await makeApplicant(server.services, { status: "propertyValue" });
    const phone = browser(server.url);
    await phone.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
    phone.cookies.set("heloc.lang", "es");
    await phone.trpc.definitions.page.query({ route: "/app/initial-setup/property-value" });
    const laptop = browser(server.url);
    await laptop.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
    expect(laptop.cookies.get("heloc.lang")).toBeUndefined();
    const page = await laptop.trpc.definitions.page.query({ route: "/app/initial-setup/property-value" });
    expect(page.locale.code).toBe("es");
    expect(page.files.steps["initial-setup/property-value.json"]).toMatchObject({
      title: "¿Cuánto vale su vivienda?",
    });
    expect(laptop.cookies.get("heloc.lang")).toBe("es");
    // Choosing English there is remembered in turn.
    laptop.cookies.set("heloc.lang", "en");
    await laptop.trpc.definitions.page.query({ route: "/app/initial-setup/property-value" });
    const tablet = browser(server.url);
    await tablet.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
    expect(
      (await tablet.trpc.definitions.page.query({ route: "/app/initial-setup/property-value" })).locale.code,
    ).toBe("en");
  });
});

describe("the loan's status in Spanish", () => {
  it("names the milestone, its description and the history in the borrower's language, and in English otherwise", async () => {
    const loan = await submittedLoan(server);
    loan.borrower.cookies.set("heloc.lang", "en");
    const english = (await loan.borrower.trpc.loan.mine.query())!;
    expect(english.label).toBe("Submitted");
    loan.borrower.cookies.set("heloc.lang", "es");
    const spanish = (await loan.borrower.trpc.loan.mine.query())!;
    expect(spanish.label).toBe("Presentada");
    expect(spanish.description).toBe(
      "Tenemos su solicitud. En un plazo de 30 días tomaremos una decisión o le diremos qué más necesitamos.",
    );
    expect(spanish.history.map((h) => h.label)).toEqual(english.history.map(() => "Presentada"));
    // Only words differ: the same file, the same facts.
    expect({ ...spanish, label: "", description: "", history: [] }).toEqual({
      ...english,
      label: "",
      description: "",
      history: [],
    });
  });
});

describe("a language chosen before the page's code has loaded (GET /api/language)", () => {
  const choose = (query: string) =>
    fetch(new URL(`/api/language?${query}`, server.url), { redirect: "manual" });

  it("sets the language cookie and sends the reader back to the page it was chosen on", async () => {
    const res = await choose(`lang=es&to=${encodeURIComponent("/login?callbackUrl=/app/x")}`);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/login?callbackUrl=/app/x");
    expect(res.headers.get("set-cookie")).toMatch(/^heloc\.lang=es; Max-Age=31536000; Path=\/; SameSite=Lax/);
  });

  it("never sends the reader to another site, and sets no language it does not offer", async () => {
    const away = await choose(`lang=es&to=${encodeURIComponent("//evil.example/x")}`);
    expect(away.headers.get("location")).toBe("/");
    const unknown = await choose("lang=xx&to=/faq");
    expect(unknown.status).toBe(303);
    expect(unknown.headers.get("location")).toBe("/faq");
    expect(unknown.headers.get("set-cookie")).toBeNull();
  });
});
