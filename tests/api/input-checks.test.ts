// The plausibility checks of issue 23 (item 6) over real HTTP: the server runs the same step
// validator as the browser, so an implausible answer is a 400 naming the field, and nothing is saved.
import { TRPCClientError } from "@trpc/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answersFor, singleBorrower, twoBorrowers, walk } from "../helpers/journeys";
import { browser, mailedCode, testServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server.close());

const refusal = async (promise: Promise<unknown>) => {
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

describe("implausible answers are refused by the server, naming the field", () => {
  it("a $0 home value", async () => {
    const b = browser(server.url);
    await walk(server, b, { until: "propertyValue" });
    const data = await refusal(
      b.trpc.step.submit.mutate({ stepId: "propertyValue", answers: { setup: { propertyValue: 0 } } }),
    );
    expect(data.httpStatus).toBe(400);
    expect(data.fieldErrors).toEqual([
      {
        pointer: "/setup/propertyValue",
        message: "Enter your home's estimated value; it must be more than $0",
      },
    ]);
    expect((await b.trpc.step.get.query({ stepId: "propertyValue" })).application).not.toHaveProperty(
      "setup.propertyValue",
    );
  });

  it("the ZIP code 00000", async () => {
    const b = browser(server.url);
    await walk(server, b, { until: "zip" });
    const data = await refusal(
      b.trpc.step.submit.mutate({ stepId: "zip", answers: { setup: { zip: "00000" } } }),
    );
    expect(data.httpStatus).toBe(400);
    expect(data.fieldErrors).toEqual([
      { pointer: "/setup/zip", message: expect.stringMatching(/must be a valid ZIP code/) },
    ]);
  });

  it("the phone number (000) 000-0000 and a number outside the North American plan", async () => {
    const b = browser(server.url);
    await walk(server, b, { until: "setupPhone" });
    for (const phone of ["0000000000", "3031550142"]) {
      const data = await refusal(
        b.trpc.step.submit.mutate({ stepId: "setupPhone", answers: { user: { phone } } }),
      );
      expect(data.fieldErrors, phone).toEqual([
        {
          pointer: "/user/phone",
          message: expect.stringMatching(/must be a valid U\.S\. phone number: 10 digits, area code first$/),
        },
      ]);
    }
  });

  it("a co-borrower's phone number (000) 000-0000 and ZIP code 00000", async () => {
    const doc = twoBorrowers();
    const b = browser(server.url);
    await walk(server, b, { until: "application2", doc });
    const coborrower = {
      ...doc.coborrower,
      phone: "0000000000",
      address: { ...doc.coborrower.address, zip: "00000" },
    };
    const data = await refusal(
      b.trpc.step.submit.mutate({
        stepId: "application2",
        answers: answersFor(server, "application2", { ...doc, coborrower }),
      }),
    );
    expect(data.httpStatus).toBe(400);
    expect(data.fieldErrors?.map((e) => e.pointer).sort()).toEqual([
      "/coborrower/address/zip",
      "/coborrower/phone",
    ]);
  });

  it("a co-borrower's Social Security number equal to the borrower's", async () => {
    const doc = twoBorrowers();
    const b = browser(server.url);
    await walk(server, b, { until: "application2", doc });
    const answers = answersFor(server, "application2", {
      ...doc,
      coborrower: { ...doc.coborrower, ssn: doc.user.ssn },
    });
    const data = await refusal(b.trpc.step.submit.mutate({ stepId: "application2", answers }));
    expect(data.httpStatus).toBe(400);
    expect(data.fieldErrors).toEqual([
      {
        pointer: "/coborrower/ssn",
        message: "This Social Security number is the same as the borrower's. Each borrower enters their own",
      },
    ]);
  });

  it("debts to pay off that add up to more than the line offered are saved: the page warns instead", async () => {
    const doc = singleBorrower();
    const b = browser(server.url);
    await walk(server, b, { until: "debtConsolidation", doc });
    const { lineAmount } = (await b.trpc.quote.current.query({})) as { lineAmount: number };
    const debt = {
      creditor: "Chase Card Services",
      type: "revolving",
      balance: lineAmount + 1000,
      monthlyPayment: 900,
      toBePaidOff: true,
    };
    const saved = await b.trpc.step.submit.mutate({
      stepId: "debtConsolidation",
      answers: { liabilities: [debt], mortgages: doc.mortgages },
    });
    expect(saved.stepId).not.toBe("debtConsolidation");
    expect((await b.trpc.step.get.query({ stepId: "debtConsolidation" })).application).toMatchObject({
      liabilities: [{ balance: lineAmount + 1000, toBePaidOff: true }],
    });
  });
});

describe("sign-in words and the guest's header (issue 23, items 5 and 7)", () => {
  it("a wrong sign-in code is refused in words about the code, never a password", async () => {
    const { makeApplicant } = await import("../helpers/accounts");
    const who = await makeApplicant(server.services);
    const b = browser(server.url);
    await b.auth("Applicant", "signin/email", { email: who.email });
    const mailed = await mailedCode(server.dataDir, who.email);
    const res = await b.auth("Applicant", "callback/credentials", {
      email: who.email,
      code: mailed === "000000" ? "111111" : "000000",
    });
    expect(res.body.error).toBe("CredentialsSignin");
    expect(res.body.message).toMatch(/code/i);
    expect(res.body.message).not.toMatch(/password/i);
  });

  it("a guest's session says the account has not proven its email yet (no sign-out everywhere), and does once the code is in", async () => {
    const b = browser(server.url);
    const doc = singleBorrower();
    await walk(server, b, { until: "emailVerify", doc });
    expect((await b.session()).user).toMatchObject({ verified: false });
    await walk(server, b, { from: "emailVerify", until: "propertyValue", doc });
    expect((await b.session()).user).toMatchObject({ verified: true });
  });
});
