// A code step's save commits once (issue 34): the code typed on emailVerify or setupVerify is
// judged before the save, a wrong one counted at once, and a right one spent inside the save's own
// transaction, with what it grants (server/features/auth/codes.ts `verify`, the effects' `inSave`).
// So a save refused for any reason leaves the code to be typed again, and of two saves with the
// same right code only one is granted. Runs on both databases
// (`node scripts/with-postgres.mjs npx vitest run --project api tests/api/code-step-save.test.ts`).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { TRPCClientError } from "@trpc/client";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { GUESSES_PER_IP } from "@server/features/auth/codes";
import { applications, users } from "@server/persistence/db/schema";
import { makeApplicant, storedApplication } from "../helpers/accounts";
import { browser, mailedCode, newestTextCode, testServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

const FIXTURE = JSON.parse(
  readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
) as Record<string, unknown>;

/** What the request was refused with: its status and field errors (null: it was not refused). */
const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) =>
      e instanceof TRPCClientError
        ? (e.data as {
            httpStatus: number;
            route?: string;
            fieldErrors?: { pointer: string; message: string }[];
          })
        : Promise.reject(e),
  );

const stored = (applicationId: string) => storedApplication(server.services, applicationId);

let phones = 0;
/** A signed-in applicant on the phone code step: the code texted to their number, and their application's revision. */
async function atThePhoneCode() {
  const who = await makeApplicant(server.services, { status: "setupPhone", doc: { setup: FIXTURE.setup } });
  const b = browser(server.url);
  await b.auth("Applicant", "callback/credentials", { email: who.email, password: who.password });
  const phone = `30355502${String(10 + (phones++ % 90))}`;
  const saved = await b.trpc.step.submit.mutate({ stepId: "setupPhone", answers: { user: { phone } } });
  return { ...who, b, code: newestTextCode(server.dataDir, phone), revision: saved.revision };
}

let emails = 0;
/** A guest on the email code step: the code mailed to the address they typed, and their revision. */
async function atTheEmailCode() {
  const email = `code-step-${++emails}-${Date.now()}@example.com`;
  const b = browser(server.url);
  await b.trpc.step.submit.mutate({
    stepId: "name",
    answers: { user: { firstName: "Eve", lastName: "Tester" } },
  });
  const saved = await b.trpc.step.submit.mutate({ stepId: "email", answers: { user: { email } } });
  await server.services.settled();
  const userId = (await b.session()).user?.id as string;
  return { b, email, userId, code: await mailedCode(server.dataDir, email), revision: saved.revision };
}
const provenAddressOf = async (userId: string) =>
  (await server.services.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]
    ?.email ?? null;

describe("two saves at the same moment with the same right code", () => {
  it("grant it once: one phone save goes through, the other is refused as a code already used", async () => {
    const { b, code, applicationId } = await atThePhoneCode();
    const before = await stored(applicationId);
    const both = await Promise.all(
      [0, 1].map(() =>
        refusalOf(b.trpc.step.submit.mutate({ stepId: "setupVerify", answers: { otpCode: code } })),
      ),
    );
    expect(both.filter((refusal) => refusal === null)).toHaveLength(1);
    expect(both.find((refusal) => refusal !== null)).toMatchObject({
      httpStatus: 400,
      fieldErrors: [{ pointer: "/otpCode", message: expect.stringMatching(/no code for this number/) }],
    });
    const after = await stored(applicationId);
    expect(after.doc.user.phoneVerifiedAt).toEqual(expect.any(String));
    expect(after.revision).toBe(before.revision + 1);
  });

  it("grant it once: one email save proves the address, the other is refused as a code already used", async () => {
    const { b, code, userId, email } = await atTheEmailCode();
    const both = await Promise.all(
      [0, 1].map(() =>
        refusalOf(b.trpc.step.submit.mutate({ stepId: "emailVerify", answers: { otpCode: code } })),
      ),
    );
    expect(both.filter((refusal) => refusal === null)).toHaveLength(1);
    // Refused as a code used, or, when the other save committed before this one was read, as a
    // step done (the email step is passed over once the address is proven).
    const refused = both.find((refusal) => refusal !== null)!;
    if (refused.httpStatus === 400)
      expect(refused.fieldErrors).toEqual([
        { pointer: "/otpCode", message: expect.stringMatching(/no code for this address/) },
      ]);
    else expect(refused).toMatchObject({ httpStatus: 412, route: "/app/initial-setup/disclosures" });
    expect(await provenAddressOf(userId)).toBe(email);
  });
});

describe("a right code after wrong guesses locked it", () => {
  it(`is refused on the email step once this connection tried ${GUESSES_PER_IP} wrong codes, and proves nothing`, async () => {
    const { b, code, userId } = await atTheEmailCode();
    const wrong = code === "000000" ? "111111" : "000000";
    const tries = [];
    for (let i = 0; i < GUESSES_PER_IP; i++)
      tries.push(
        await refusalOf(b.trpc.step.submit.mutate({ stepId: "emailVerify", answers: { otpCode: wrong } })),
      );
    expect(tries.map((t) => t?.fieldErrors?.[0]?.message)).toEqual([
      ...Array(GUESSES_PER_IP - 1).fill(expect.stringMatching(/not the one we emailed/)),
      expect.stringMatching(/Too many wrong codes/),
    ]);
    const right = await refusalOf(
      b.trpc.step.submit.mutate({ stepId: "emailVerify", answers: { otpCode: code } }),
    );
    expect(right?.fieldErrors).toEqual([
      { pointer: "/otpCode", message: expect.stringMatching(/Too many wrong codes/) },
    ]);
    expect(await provenAddressOf(userId)).toBeNull();
  });
});

describe("a right code whose save is refused for another reason", () => {
  it("is not spent on the phone step: nothing is saved, and the same code then goes through", async () => {
    const { b, code, applicationId, revision } = await atThePhoneCode();
    const before = await stored(applicationId);
    // Sent from a page older than the application (another window saved since): refused in the save's transaction.
    const stale = await refusalOf(
      b.trpc.step.submit.mutate({
        stepId: "setupVerify",
        answers: { otpCode: code },
        revision: revision - 1,
      }),
    );
    expect(stale).toMatchObject({ httpStatus: 409 });
    // An answer the step does not have: refused before the code is judged.
    const extra = await refusalOf(
      b.trpc.step.submit.mutate({
        stepId: "setupVerify",
        answers: { otpCode: code, user: { phone: "3035550100" } },
      }),
    );
    expect(extra).toMatchObject({ httpStatus: 400 });
    expect(await stored(applicationId)).toEqual(before);
    expect(
      await b.trpc.step.submit.mutate({ stepId: "setupVerify", answers: { otpCode: code } }),
    ).toMatchObject({
      stepId: "setupConsent",
    });
    expect((await stored(applicationId)).doc.user.phoneVerifiedAt).toEqual(expect.any(String));
  });

  it("is not spent on the email step: the address is not proven, and the same code then proves it", async () => {
    const { b, code, userId, email, revision } = await atTheEmailCode();
    const stale = await refusalOf(
      b.trpc.step.submit.mutate({
        stepId: "emailVerify",
        answers: { otpCode: code },
        revision: revision - 1,
      }),
    );
    expect(stale).toMatchObject({ httpStatus: 409 });
    expect(await provenAddressOf(userId)).toBeNull();
    expect(
      await b.trpc.step.submit.mutate({ stepId: "emailVerify", answers: { otpCode: code } }),
    ).toMatchObject({
      stepId: "earlyDisclosures",
    });
    expect(await provenAddressOf(userId)).toBe(email);
  });
});

describe("a code step's answers, judged before its transaction", () => {
  it("are judged again on the document the transaction reads: a save between the check and the transaction is kept", async () => {
    const { b, code, userId, email } = await atTheEmailCode();
    const { codes } = server.services;
    const verify = codes.verify;
    // While the code is checked (before the save's transaction), the applicant's other tab saves
    // their name again: the stored document the check judged against is no longer the one saved to.
    codes.verify = async (...args) => {
      codes.verify = verify;
      await b.trpc.step.submit.mutate({
        stepId: "name",
        answers: { user: { firstName: "Evelyn", lastName: "Tester" } },
      });
      return verify(...args);
    };
    try {
      expect(
        await b.trpc.step.submit.mutate({ stepId: "emailVerify", answers: { otpCode: code } }),
      ).toMatchObject({ stepId: "earlyDisclosures" });
    } finally {
      codes.verify = verify;
    }
    const [owned] = await server.services.db
      .select({ id: applications.id })
      .from(applications)
      .where(eq(applications.ownerId, userId));
    expect((await stored(owned!.id)).doc.user).toMatchObject({
      firstName: "Evelyn",
      email,
      emailVerifiedAt: expect.any(String),
    });
  });
});

describe("a right code for an answer another tab changed between the check and the save", () => {
  /** Runs `meanwhile` while the code is checked, before the save's transaction (as another tab's save lands). */
  async function withSaveMeanwhile<T>(meanwhile: () => Promise<unknown>, save: () => Promise<T>) {
    const { codes } = server.services;
    const verify = codes.verify;
    codes.verify = async (...args) => {
      codes.verify = verify;
      await meanwhile();
      return verify(...args);
    };
    try {
      return await save();
    } finally {
      codes.verify = verify;
    }
  }

  it("is refused on the phone step: the code proves the old number, not the new one", async () => {
    const { b, code, applicationId } = await atThePhoneCode();
    const refused = await withSaveMeanwhile(
      () => b.trpc.step.submit.mutate({ stepId: "setupPhone", answers: { user: { phone: "3035550199" } } }),
      () => refusalOf(b.trpc.step.submit.mutate({ stepId: "setupVerify", answers: { otpCode: code } })),
    );
    expect(refused).toMatchObject({
      httpStatus: 400,
      fieldErrors: [{ pointer: "/otpCode", message: expect.stringMatching(/changed while we checked/) }],
    });
    const { doc } = await stored(applicationId);
    expect(doc.user.phone).toBe("3035550199");
    expect(doc.user.phoneVerifiedAt).toBeUndefined();
    // The new number's own code proves it.
    const fresh = newestTextCode(server.dataDir, "3035550199");
    expect(
      await b.trpc.step.submit.mutate({ stepId: "setupVerify", answers: { otpCode: fresh } }),
    ).toMatchObject({ stepId: "setupConsent" });
  });

  it("is refused on the email step: the address saved meanwhile is not proven by the old address's code", async () => {
    const { b, code, userId } = await atTheEmailCode();
    const other = `code-step-other-${Date.now()}@example.com`;
    const refused = await withSaveMeanwhile(
      () => b.trpc.step.submit.mutate({ stepId: "email", answers: { user: { email: other } } }),
      () => refusalOf(b.trpc.step.submit.mutate({ stepId: "emailVerify", answers: { otpCode: code } })),
    );
    expect(refused).toMatchObject({
      httpStatus: 400,
      fieldErrors: [{ pointer: "/otpCode", message: expect.stringMatching(/changed while we checked/) }],
    });
    expect(await provenAddressOf(userId)).toBeNull();
  });
});
