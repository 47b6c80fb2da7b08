// Issue 11 item 1: the account set up inside the funnel, as steps of steps/initial-setup: a mobile
// number verified with a texted code (the development SMS outbox here), and the consents recorded
// with the server's time and the exact text agreed to.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { TRPCClientError } from "@trpc/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { readLenderProfile } from "@engine/lending/lender-file";
import { codeText } from "@server/features/account/phone";
import { signInText } from "@server/features/auth/phone-sign-in";
import { makeApplicant, storedApplication } from "../helpers/accounts";
import { pdfCodeOf } from "../helpers/journeys";
import { browser, newestTextCode, testServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server?.close());

const FIXTURE = JSON.parse(
  readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
) as Record<string, unknown>;

/** A signed-in applicant with the early funnel's answers, due at `status` (the offer preview, or a step of the account setup after it). */
async function atTheOffer(status = "previewOffer") {
  const who = await makeApplicant(server.services, { status, doc: { setup: FIXTURE.setup } });
  const b = browser(server.url);
  await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
  return { ...who, b };
}

const storedDoc = (applicationId: string) => storedApplication(server.services, applicationId);

const fieldErrorsOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) =>
      e instanceof TRPCClientError
        ? (e.data as { httpStatus: number; fieldErrors?: { pointer: string; message: string }[] })
        : Promise.reject(e),
  );

describe("account setup in the funnel", () => {
  it("goes from the offer preview to the phone step, and from the consents to the application", async () => {
    const { b } = await atTheOffer();
    expect(await b.trpc.step.submit.mutate({ stepId: "previewOffer", answers: {} })).toMatchObject({
      route: "/app/initial-setup/phone",
      stepId: "setupPhone",
      applicationStatus: "setupPhone",
    });
  });

  it("texts a 6-digit code to the number saved on the phone step", async () => {
    const { b } = await atTheOffer("setupPhone");
    const result = await b.trpc.step.submit.mutate({
      stepId: "setupPhone",
      answers: { user: { phone: "3035550142" } },
    });
    expect(result).toMatchObject({ route: "/app/initial-setup/verify-phone", stepId: "setupVerify" });
    expect(newestTextCode(server.dataDir, "3035550142")).toMatch(/^\d{6}$/);
  });

  it("names the lender of the lender profile in the text, as carriers and the applicant expect of a sender", async () => {
    const { b } = await atTheOffer("setupPhone");
    await b.trpc.step.submit.mutate({ stepId: "setupPhone", answers: { user: { phone: "3035550148" } } });
    const outbox = join(server.dataDir, "sms-outbox");
    const text = readdirSync(outbox)
      .map((f) => readFileSync(join(outbox, f), "utf8"))
      .find((t) => t.startsWith("To: (***) ***-0148\n"))!;
    expect(text).toContain(`${readLenderProfile().legalName}: `);
    // Written from the profile given, never a name written into the code.
    expect(codeText("123456", "Acme Bank, N.A.")).toMatch(
      /^Acme Bank, N\.A\.: 123456 is your verification code/,
    );
    expect(signInText("123456", "Acme Bank, N.A.")).toMatch(
      /^Acme Bank, N\.A\.: 123456 is your sign-in code/,
    );
  });

  it("keeps the phone number out of the development outbox but its last 4 digits, in files only the server reads", async () => {
    const { b } = await atTheOffer("setupPhone");
    await b.trpc.step.submit.mutate({ stepId: "setupPhone", answers: { user: { phone: "3035550147" } } });
    const outbox = join(server.dataDir, "sms-outbox");
    const files = readdirSync(outbox).map((f) => join(outbox, f));
    const texts = files.map((f) => readFileSync(f, "utf8"));
    expect(texts.some((t) => t.startsWith("To: (***) ***-0147\n"))).toBe(true);
    expect(texts.filter((t) => /\d{3}\D?\d{3}\D?\d{4}/.test(t))).toEqual([]);
    expect(files.map((f) => statSync(f).mode & 0o777)).toEqual(files.map(() => 0o600));
  });

  it("verifies the phone with the texted code, stamps when, and never stores the code", async () => {
    const { b, applicationId } = await atTheOffer("setupPhone");
    await b.trpc.step.submit.mutate({ stepId: "setupPhone", answers: { user: { phone: "3035550143" } } });
    const code = newestTextCode(server.dataDir, "3035550143");
    const before = Date.now();
    const result = await b.trpc.step.submit.mutate({ stepId: "setupVerify", answers: { otpCode: code } });
    expect(result).toMatchObject({ route: "/app/initial-setup/consent", stepId: "setupConsent" });
    const { raw, doc } = await storedDoc(applicationId);
    expect(Date.parse(doc.user.phoneVerifiedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(doc).not.toHaveProperty("otpCode");
    expect(raw).not.toContain(code);
  });

  it("refuses a wrong code naming the field, saves nothing, and locks the code after 5 wrong tries", async () => {
    const { b, applicationId } = await atTheOffer("setupPhone");
    await b.trpc.step.submit.mutate({ stepId: "setupPhone", answers: { user: { phone: "3035550144" } } });
    const code = newestTextCode(server.dataDir, "3035550144");
    const wrong = code === "000000" ? "111111" : "000000";
    const saved = await storedDoc(applicationId);
    const first = await fieldErrorsOf(
      b.trpc.step.submit.mutate({ stepId: "setupVerify", answers: { otpCode: wrong } }),
    );
    expect(first).toMatchObject({
      httpStatus: 400,
      fieldErrors: [{ pointer: "/otpCode", message: expect.stringMatching(/not the one we texted/) }],
    });
    expect(await storedDoc(applicationId)).toEqual(saved);
    for (let i = 0; i < 4; i++)
      await fieldErrorsOf(b.trpc.step.submit.mutate({ stepId: "setupVerify", answers: { otpCode: wrong } }));
    const locked = await fieldErrorsOf(
      b.trpc.step.submit.mutate({ stepId: "setupVerify", answers: { otpCode: code } }),
    );
    expect(locked?.fieldErrors?.[0]).toMatchObject({
      pointer: "/otpCode",
      message: expect.stringMatching(/Too many wrong codes/),
    });
    expect((await storedDoc(applicationId)).doc.user.phoneVerifiedAt).toBeUndefined();
  });

  it("refuses a Spanish applicant's wrong texted code in Spanish, and a number it cannot text in Spanish", async () => {
    const { b } = await atTheOffer("setupPhone");
    b.cookies.set("heloc.lang", "es");
    const region = await fieldErrorsOf(
      b.trpc.step.submit.mutate({ stepId: "setupPhone", answers: { user: { phone: "8095550142" } } }),
    );
    expect(region?.fieldErrors?.[0]?.message).toBe(
      "Solo podemos enviar mensajes de texto a números de celular de EE. UU. Escriba un número de celular de EE. UU., o llámenos y le ayudaremos de otra forma.",
    );
    await b.trpc.step.submit.mutate({ stepId: "setupPhone", answers: { user: { phone: "3035550149" } } });
    const code = newestTextCode(server.dataDir, "3035550149");
    const wrong = await fieldErrorsOf(
      b.trpc.step.submit.mutate({
        stepId: "setupVerify",
        answers: { otpCode: code === "000000" ? "111111" : "000000" },
      }),
    );
    expect(wrong).toMatchObject({
      httpStatus: 400,
      fieldErrors: [
        {
          pointer: "/otpCode",
          message: "Ese no es el código que le enviamos por mensaje de texto. Revíselo e inténtelo de nuevo.",
        },
      ],
    });
  });

  it("accepts a code only for the number it was texted to", async () => {
    const { b } = await atTheOffer("setupPhone");
    await b.trpc.step.submit.mutate({ stepId: "setupPhone", answers: { user: { phone: "3035550145" } } });
    const code = newestTextCode(server.dataDir, "3035550145");
    await b.trpc.step.submit.mutate({ stepId: "setupPhone", answers: { user: { phone: "3035550146" } } });
    const otherCode = newestTextCode(server.dataDir, "3035550146");
    if (code !== otherCode) {
      const refused = await fieldErrorsOf(
        b.trpc.step.submit.mutate({ stepId: "setupVerify", answers: { otpCode: code } }),
      );
      expect(refused?.fieldErrors?.[0]?.pointer).toBe("/otpCode");
    }
    expect(
      await b.trpc.step.submit.mutate({ stepId: "setupVerify", answers: { otpCode: otherCode } }),
    ).toMatchObject({ stepId: "setupConsent" });
  });

  it("needs both consents, naming each missing box", async () => {
    const { b } = await atTheOffer("setupConsent");
    const refused = await fieldErrorsOf(
      b.trpc.step.submit.mutate({
        stepId: "setupConsent",
        answers: {
          consents: { electronicCommunications: { accepted: false }, creditCheck: { accepted: false } },
        },
      }),
    );
    expect(refused?.fieldErrors?.map((e) => e.pointer).sort()).toEqual([
      "/consents/creditCheck/accepted",
      "/consents/electronicCommunications/accepted",
      // And the code of the PDF the E-SIGN consent asks them to open.
      "/consents/electronicCommunications/pdfCode",
      "/consents/privacyNotice/accepted",
    ]);
  });

  it("records each consent with the server's time and the version and SHA-256 of the text shown", async () => {
    const { b, applicationId } = await atTheOffer("setupConsent");
    const shown = await b.trpc.esign.documents.query({
      ids: ["e-sign-consent", "credit-check-authorization"],
    });
    const before = Date.now();
    const result = await b.trpc.step.submit.mutate({
      stepId: "setupConsent",
      answers: {
        consents: {
          electronicCommunications: { accepted: true, pdfCode: await pdfCodeOf(server, b) },
          creditCheck: { accepted: true },
          privacyNotice: { accepted: true },
        },
      },
    });
    expect(result).toMatchObject({
      route: "/app/application/1",
      stepId: "application",
      applicationStatus: "application",
    });
    const { doc } = await storedDoc(applicationId);
    const byId = Object.fromEntries(
      shown.documents.map((d: { id: string; version: string; sha256: string }) => [d.id, d]),
    ) as Record<string, { version: string; sha256: string }>;
    expect(doc.consents.creditCheck).toEqual({
      accepted: true,
      acceptedAt: expect.any(String),
      document: "credit-check-authorization",
      version: byId["credit-check-authorization"]!.version,
      sha256: byId["credit-check-authorization"]!.sha256,
    });
    expect(doc.consents.electronicCommunications).toMatchObject({
      document: "e-sign-consent",
      version: byId["e-sign-consent"]!.version,
      sha256: byId["e-sign-consent"]!.sha256,
    });
    expect(Date.parse(doc.consents.creditCheck.acceptedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("does not let the browser set the time or text of a consent", async () => {
    const { b } = await atTheOffer("setupConsent");
    const refused = await fieldErrorsOf(
      b.trpc.step.submit.mutate({
        stepId: "setupConsent",
        answers: {
          consents: {
            electronicCommunications: { accepted: true, acceptedAt: "2020-01-01T00:00:00.000Z" },
            creditCheck: { accepted: true },
            privacyNotice: { accepted: true },
          },
        },
      }),
    );
    expect(refused?.httpStatus).toBe(400);
    expect(refused?.fieldErrors?.[0]?.pointer).toMatch(/^\/consents\/electronicCommunications/);
  });

  it("keeps the verified phone through personal info, which does not ask the number again, and drops the mark when the number changes without a code", async () => {
    const { b, applicationId } = await atTheOffer("setupPhone");
    await b.trpc.step.submit.mutate({ stepId: "setupPhone", answers: { user: { phone: "3035550151" } } });
    await b.trpc.step.submit.mutate({
      stepId: "setupVerify",
      answers: { otpCode: newestTextCode(server.dataDir, "3035550151") },
    });
    await b.trpc.step.submit.mutate({
      stepId: "setupConsent",
      answers: {
        consents: {
          electronicCommunications: { accepted: true, pdfCode: await pdfCodeOf(server, b) },
          creditCheck: { accepted: true },
          privacyNotice: { accepted: true },
        },
      },
    });
    const asked = [
      "firstName",
      "middleName",
      "lastName",
      "suffix",
      "dateOfBirth",
      "ssn",
      "citizenship",
      "maritalStatus",
      "militaryStatus",
      "address",
      "yearsAtAddress",
      "formerAddress",
    ];
    const user = Object.fromEntries(
      Object.entries(FIXTURE.user as Record<string, unknown>).filter(([key]) => asked.includes(key)),
    );
    // Never asked twice: the number verified a page ago is not a question of personal info.
    const refused = await fieldErrorsOf(
      b.trpc.step.submit.mutate({
        stepId: "application",
        answers: { user: { ...user, phone: "3035550152" }, setup: { hasCoborrower: false } },
      }),
    );
    expect(refused?.httpStatus).toBe(400);
    await b.trpc.step.submit.mutate({
      stepId: "application",
      answers: { user, setup: { hasCoborrower: false } },
    });
    expect((await storedDoc(applicationId)).doc.user).toMatchObject({
      phone: "3035550151",
      phoneVerifiedAt: expect.any(String),
    });
    // Back on the phone page, another number saved without its code is not shown as verified.
    await b.trpc.step.submit.mutate({ stepId: "setupPhone", answers: { user: { phone: "3035550152" } } });
    const { doc } = await storedDoc(applicationId);
    expect(doc.user.phone).toBe("3035550152");
    expect(doc.user.phoneVerifiedAt).toBeUndefined();
  });
});
