// A step is one file: a new screen with a new question is one new step file plus its line in a
// flow (and its answer in each worked journey that walks through it). Its rank, label and route are stated there only; its question is declared there and joins
// the application's schema; the server walks to it, saves it and sends a returning applicant to it.
import { readdirSync } from "node:fs";
import { TRPCClientError } from "@trpc/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyDefinitions } from "../helpers/definitions";
import { proveEmail } from "../helpers/journeys";
import { browser, testServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  const copy = copyDefinitions();
  // The one new file: the spec's loanReason status gets a screen, asking a question no schema has.
  copy.write("steps/initial-setup/loan-reason.json", {
    $schema: "../../schemas/step.schema.json",
    id: "loanReason",
    route: "/app/initial-setup/loan-reason",
    label: "Loan Reason",
    rank: 0,
    title: "What will you use the line of credit for?",
    schema: {
      type: "object",
      additionalProperties: false,
      required: ["setup"],
      properties: {
        setup: {
          type: "object",
          additionalProperties: false,
          required: ["loanReason"],
          properties: {
            loanReason: {
              title: "Loan reason",
              type: "string",
              enum: ["homeImprovement", "debtConsolidation", "other"],
            },
          },
        },
      },
    },
    uiSchema: { setup: { loanReason: { "ui:widget": "radio" } } },
  });
  // Plus its line in the flow.
  copy.edit("steps/flows/early-funnel.json", (flow) => {
    for (const variant of flow.variants)
      variant.steps.splice(variant.steps.indexOf("emailVerify") + 1, 0, "loanReason");
  });
  // And each worked journey of the early funnel answers it (npm run check walks them: one that
  // reaches the new step with no answer for it is refused, naming the journey and the step).
  for (const name of readdirSync(copy.journeys))
    copy.edit(`journeys/${name}`, (journey) => {
      if (journey.answers.email) journey.answers.loanReason = { setup: { loanReason: "homeImprovement" } };
    });
  server = await testServer({ definitions: copy.dirs });
});
afterAll(() => server.close());

describe("a step added as one file and a flow line", () => {
  it("is walked to, saved with its new question, and is where a returning applicant is sent", async () => {
    const b = browser(server.url);
    await b.trpc.step.submit.mutate({
      stepId: "name",
      answers: { user: { firstName: "Ada", lastName: "Lovelace" } },
    });
    const address = `ada.${Date.now()}@example.com`;
    await b.trpc.step.submit.mutate({ stepId: "email", answers: { user: { email: address } } });
    const email = await proveEmail(server, b, address);
    expect(email).toMatchObject({
      stepId: "loanReason",
      route: "/app/initial-setup/loan-reason",
      applicationStatus: "loanReason",
    });
    expect(await b.session()).toMatchObject({
      applicationStatus: "loanReason",
      applicationRoute: "/app/initial-setup/loan-reason",
    });

    const saved = await b.trpc.step.submit.mutate({
      stepId: "loanReason",
      answers: { setup: { loanReason: "debtConsolidation" } },
    });
    // Then the disclosures due before the first question about the home and credit.
    expect(saved).toMatchObject({ stepId: "earlyDisclosures", route: "/app/initial-setup/disclosures" });
    const again = await b.trpc.step.get.query({ stepId: "loanReason" });
    expect(again.stepId).toBe("loanReason");
    const listed = (await (await fetch(`${server.url}/definitions.json`)).json()) as {
      steps: { id: string }[];
    };
    expect(listed.steps.find((s) => s.id === "loanReason")).toMatchObject({ label: "Loan Reason", rank: 0 });
    expect(again.application).toMatchObject({ setup: { loanReason: "debtConsolidation" } });
  });

  it("refuses an answer outside the new question's options, naming the field", async () => {
    const b = browser(server.url);
    await b.trpc.step.submit.mutate({
      stepId: "name",
      answers: { user: { firstName: "Grace", lastName: "Hopper" } },
    });
    const address = `grace.${Date.now()}@example.com`;
    await b.trpc.step.submit.mutate({ stepId: "email", answers: { user: { email: address } } });
    await proveEmail(server, b, address);
    const error = await b.trpc.step.submit
      .mutate({ stepId: "loanReason", answers: { setup: { loanReason: "vacation" } } })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(TRPCClientError);
    const data = (error as TRPCClientError<never>).data as unknown as {
      httpStatus: number;
      fieldErrors: { pointer: string }[];
    };
    expect(data.httpStatus).toBe(400);
    expect(data.fieldErrors.map((e) => e.pointer)).toEqual(["/setup/loanReason"]);
  });
});
