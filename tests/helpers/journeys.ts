// Applicants who reach a step the way a person does: by answering every step of their path in
// order through the API (the server refuses any other way). Each step's answers are its slice of a
// complete application (the demo application, alone or with its co-borrower), unless a test gives
// its own; a texted phone code is read from the development outbox.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { bundleStepSchema } from "@engine/definitions/bundle";
import { sliceAnswers } from "@engine/form/answers";
import { REPO_ROOT } from "@engine/base/paths";
import { todayIso } from "@engine/base/dates";
import { getAt, setAt } from "@engine/base/pointer";
import { OWNER_ROLE, partOf } from "@engine/funnel/members";
import { pdfProse } from "./pdf";
import { newestCode, newestTextCode, type Browser, type TestServer } from "./server";

const demo = JSON.parse(
  readFileSync(join(REPO_ROOT, "server/features/demo/application.two-borrowers.json"), "utf8"),
) as Record<string, any>;

/** One account per address: each applicant a test makes has addresses of their own. */
function withOwnEmail(doc: Record<string, any>) {
  const id = randomUUID().slice(0, 8);
  doc.user.email = `maria.${id}@example.com`;
  if (doc.coborrower) doc.coborrower.email = `luis.${id}@example.com`;
  // Prequalification asks these (the demo application came through the early funnel).
  doc.setup.creditPullConsent = true;
  doc.setup.hasMortgage = true;
  return doc;
}

/** What the steps after the offer ask that the demo application does not hold. */
const finishing = (name: string) => ({
  consents: {
    electronicCommunications: { accepted: true },
    creditCheck: { accepted: true },
    privacyNotice: { accepted: true },
  },
  esign: {
    consent: { accepted: true },
    disclosures: { acknowledged: true },
    acknowledgments: { agreed: true },
    signature: { borrowerName: name },
  },
  incomeVerification: { method: "manual" },
  identityVerification: { borrower: { idType: "driver_license" } },
  disbursement: {
    drawAmount: 20000,
    bankAccount: {
      holderName: name,
      accountType: "checking",
      routingNumber: "021000021",
      accountNumber: "000123456789",
    },
    // Typed a second time on the page (checked, never kept).
    accountNumberConfirm: "000123456789",
    rescission: { acknowledged: true },
  },
});

/** A complete application of one borrower (the demo borrower, applying alone). */
export function singleBorrower(): Record<string, any> {
  const doc = withOwnEmail(structuredClone(demo));
  doc.setup.hasCoborrower = false;
  delete doc.coborrower;
  doc.liabilities = (doc.liabilities ?? []).filter(
    (l: { debtor?: string }) => l.debtor !== "coborrower" && l.debtor !== "joint",
  );
  delete doc.uploads;
  return { ...doc, ...finishing(`${doc.user.firstName} ${doc.user.lastName}`) };
}

/** A complete application of two borrowers, the borrower answering for the co-borrower. */
export function twoBorrowers(): Record<string, any> {
  const doc = withOwnEmail(structuredClone(demo));
  delete doc.uploads;
  return {
    ...doc,
    coborrowerInvite: { answeredBy: "borrower" },
    ...finishing(`${doc.user.firstName} ${doc.user.lastName}`),
    identityVerification: { borrower: { idType: "driver_license" }, coborrower: { idType: "passport" } },
  };
}

export interface Walk {
  /** The step to stop at: it is due, not answered. */
  until: string;
  /** Where the path starts: the early funnel's first question unless given. */
  from?: string;
  /** The application whose slices are the answers. */
  doc?: Record<string, any>;
  /** Answers of particular steps, instead of their slice of `doc`. */
  answers?: Record<string, Record<string, unknown>>;
}

/**
 * The answers a step is sent on a walk: its slice of the document, or the test's own, with the
 * texted code where a step checks one. The borrower's slice leaves out what the co-borrower gives
 * themselves (rules/members.json `signs`: their demographics, declarations, consents, signature),
 * which a save from the borrower's session is refused for.
 */
export function answersFor(
  server: TestServer,
  stepId: string,
  doc: Record<string, any>,
  given?: Record<string, unknown>,
  role: string = OWNER_ROLE,
): Record<string, unknown> {
  const defs = server.services.defs;
  let answers =
    given ?? ((sliceAnswers(bundleStepSchema(defs, stepId), doc) ?? {}) as Record<string, unknown>);
  if (!given && role === OWNER_ROLE)
    for (const pointer of partOf(defs, OWNER_ROLE, doc, todayIso(server.services.now())).refused ?? [])
      if (getAt(answers, pointer) !== undefined)
        answers = setAt(answers, pointer, undefined) as Record<string, unknown>;
  for (const effect of defs.steps.get(stepId)?.def.effects ?? [])
    if (effect.kind === "verifyPhoneCode" && effect.code)
      answers = setAt(answers, effect.code, newestTextCode(server.dataDir)) as Record<string, unknown>;
    else if (effect.kind === "verifyEmailCode" && effect.code)
      // Mailed after the email step's answer: the caller waits for it (services.settled()).
      answers = setAt(answers, effect.code, newestCode(server.dataDir, doc.user?.email)) as Record<
        string,
        unknown
      >;
  return answers;
}

/** The code printed in the signed-in applicant's own E-SIGN PDF, read from the PDF as a person reads it. */
export async function pdfCodeOf(server: TestServer, b: Browser): Promise<string> {
  const res = await b.fetch(`${server.url}/api/notices/e-sign-consent.pdf`);
  if (res.status !== 200) throw new Error(`the E-SIGN PDF answered ${res.status}`);
  const code = /Your code is (\d{6})/.exec(pdfProse(new Uint8Array(await res.arrayBuffer())))?.[1];
  if (!code) throw new Error("the E-SIGN PDF shows no code");
  return code;
}

/** `answers` with the code of the applicant's PDF wherever the step's consents ask for it (recordConsent's pdfCode). */
export async function withPdfCode(
  server: TestServer,
  b: Browser,
  stepId: string,
  answers: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const pointers = (server.services.defs.steps.get(stepId)?.def.effects ?? []).flatMap((effect) =>
    effect.kind === "recordConsent"
      ? Object.values(effect.consents ?? {}).flatMap((c) => (c?.pdfCode ? [c.pdfCode] : []))
      : [],
  );
  let out = answers;
  for (const pointer of pointers)
    if (
      getAt(out, pointer) === undefined &&
      getAt(out, pointer.slice(0, pointer.lastIndexOf("/"))) !== undefined
    )
      out = setAt(out, pointer, await pdfCodeOf(server, b)) as Record<string, unknown>;
  return out;
}

/** Answers every step from the start of the path up to `until` (left due); returns the last answer's result. */
export async function walk(
  server: TestServer,
  b: Browser,
  { until, from = "name", doc = singleBorrower(), answers = {} }: Walk,
) {
  // A member walks their own path: their slices keep what they give themselves.
  const { role } = await b.session();
  const reader = typeof role === "string" ? role : OWNER_ROLE;
  let at: string | null = from;
  let last: Awaited<ReturnType<Browser["trpc"]["step"]["submit"]["mutate"]>> | null = null;
  for (let hops = 0; at !== null && at !== until; hops++) {
    if (hops > 60) throw new Error(`the walk to ${until} did not get there`);
    await server.services.settled(); // a code mailed after the last answer
    await openMustOpen(server, b, at);
    last = await b.trpc.step.submit.mutate({
      stepId: at,
      answers: await withPdfCode(server, b, at, answersFor(server, at, doc, answers[at], reader)),
      ...(last ? { revision: last.revision } : {}),
    });
    at = last.stepId;
  }
  if (at !== until) throw new Error(`the walk to ${until} stopped at ${last?.route ?? from}`);
  return last;
}

/** Opens, as the applicant does, each text the step says must be opened before it is saved (the CFPB booklet). */
export async function openMustOpen(server: TestServer, b: Browser, stepId: string) {
  for (const effect of server.services.defs.steps.get(stepId)?.def.effects ?? [])
    for (const document of effect.mustOpen ?? [])
      await b.trpc.esign.openDocument.mutate({ stepId, document });
}

/** Reads the early funnel's disclosures as the applicant does: opens the booklet, then continues (12 CFR 1026.40(b)). */
export async function passEarlyDisclosures(server: TestServer, b: Browser) {
  await openMustOpen(server, b, "earlyDisclosures");
  return b.trpc.step.submit.mutate({ stepId: "earlyDisclosures", answers: {} });
}

/** Enters, on the email's code step, the code mailed to `email` after the email step's answer, then passes the early funnel's disclosures when they are next. */
export async function proveEmail(server: TestServer, b: Browser, email: string) {
  await server.services.settled();
  const proven = await b.trpc.step.submit.mutate({
    stepId: "emailVerify",
    answers: { otpCode: newestCode(server.dataDir, email) },
  });
  // The disclosures come next, before the first question about the home: read them as the applicant does.
  return proven.stepId === "earlyDisclosures" ? passEarlyDisclosures(server, b) : proven;
}
