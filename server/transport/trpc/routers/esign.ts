// esign.*: the disclosure texts as this applicant is shown them (the values of their figures, and
// the version and SHA-256 a signature would record), the latest signing with its PDF link, and the
// right-to-cancel dates of the loan-disbursement page. Each borrower reads them in their own
// session, and sees their own signature.
import { localizedSet, requestLocale } from "@server/features/locale/locale";
import { wordIn } from "@engine/locale/words";
import { TRPCError } from "@trpc/server";
import { disclosureHtml, DOCUMENT_ID, readDisclosureIn } from "@server/features/esign/documents";
import { rescissionFor } from "@server/features/esign/rescission";
import { documentsFor, latestSigning } from "@server/features/esign/signatures";
import { deliveryPreferenceOf, withdrawEsignConsent } from "@server/features/esign/withdraw-consent";
import { openDocument } from "@server/features/esign/open-document";
import { applicantProcedure, badRequest, router } from "../init";
import { inputOf } from "../inputs";
import { readApplication } from "../own-application";
import { Refusal } from "@server/features/refusal";

const MAX_DOCUMENTS = 10;

/** {ids: [document id, ...]}: the documents a display shows (content/disclosures/<id>.md). */
function documentsInput(raw: unknown): { ids: string[] } {
  const ids =
    raw !== null && typeof raw === "object" && !Array.isArray(raw)
      ? (raw as Record<string, unknown>).ids
      : undefined;
  if (
    raw === null ||
    typeof raw !== "object" ||
    Array.isArray(raw) ||
    Object.keys(raw).some((k) => k !== "ids")
  )
    throw badRequest([{ pointer: "", message: "The input must be an object with ids" }]);
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_DOCUMENTS)
    throw badRequest([
      { pointer: "/ids", message: `Documents must be a list of 1 to ${MAX_DOCUMENTS} document names` },
    ]);
  ids.forEach((id, i) => {
    if (typeof id !== "string" || !DOCUMENT_ID.test(id))
      throw badRequest([
        { pointer: `/ids/${i}`, message: "A document name is lower-case letters, digits and dashes" },
      ]);
  });
  return { ids: ids as string[] };
}

const emptyInput = (raw: unknown) => {
  if (
    raw !== undefined &&
    raw !== null &&
    (typeof raw !== "object" || Array.isArray(raw) || Object.keys(raw).length > 0)
  )
    throw badRequest([{ pointer: "", message: "This call takes no input" }]);
};

export const esignRouter = router({
  /** Each document with its title, version, the values of its figures and the SHA-256 of the text shown. */
  documents: applicantProcedure.input(documentsInput).query(async ({ ctx, input }) => {
    const { app, role } = await readApplication(ctx);
    // The reader's language: a legal text in it only from a reviewed translation (engine/locale/legal.ts).
    const locale = requestLocale(ctx.services.defs, ctx.cookies);
    const { words } = localizedSet(ctx.services.defs, locale);
    let documents;
    try {
      documents = documentsFor(ctx.services, app.doc, input.ids, {
        now: ctx.services.now(),
        role,
        language: locale.code,
      });
    } catch (error) {
      if (error instanceof Refusal && error.kind === "misconfigured")
        throw new TRPCError({
          code: "NOT_FOUND",
          message: "One of these documents does not exist. Please contact us before you sign.",
        });
      throw error;
    }
    // Each text as the served set has it, rendered here (the same live gate as the steps: an edit
    // that passes check reaches the page at its next load, with no rebuild of the web app).
    return {
      documents: documents.map(({ id, title, version, sha256, values, language }) => {
        const source = readDisclosureIn(id, ctx.services.defs.texts, language);
        // Shown in English to a reader of another language: a sentence in theirs says so.
        const note = language !== locale.code ? wordIn(words, "legal.englishOnly") : null;
        return {
          id,
          title,
          version,
          sha256,
          values,
          language,
          note,
          html: source ? disclosureHtml(source) : "",
        };
      }),
    };
  }),

  /** Records that the reader opened a text their step says must be opened (the CFPB booklet) before they continue. */
  openDocument: applicantProcedure.input(inputOf("openDocument")).mutation(async ({ ctx, input }) => {
    const opened = await openDocument(ctx.services, ctx.applicant.userId, input);
    return { document: opened.document, version: opened.version, openedAt: opened.openedAt };
  }),

  /** The reader's latest standing signature: when, which document versions, and where its signed PDF is. */
  status: applicantProcedure.input(emptyInput).query(async ({ ctx }) => {
    const { app, role } = await readApplication(ctx);
    const signing = await latestSigning(ctx.services.db, app.id, role);
    if (!signing) return { signing: null };
    return {
      signing: {
        signedAt: signing.signedAt.toISOString(),
        signers: signing.rows.map((r) => ({ signatureId: r.id, signer: r.signer, typedName: r.typedName })),
        documents: signing.documents.map(({ id, title, version, sha256 }) => ({
          id,
          title,
          version,
          sha256,
        })),
        pdfUrl: `/api/esign/${signing.rows[0]!.id}.pdf`,
      },
    };
  }),

  /** The reader's own E-SIGN consent: given (documents come electronically), withdrawn (paper), or none. */
  deliveryPreference: applicantProcedure.input(emptyInput).query(async ({ ctx }) => {
    const { app, role } = await readApplication(ctx);
    return deliveryPreferenceOf(ctx.services, app.doc, role);
  }),

  /** Withdraws the reader's own E-SIGN consent and asks for paper (15 U.S.C. 7001(c)(1)(B)). */
  withdrawConsent: applicantProcedure
    .input(inputOf("esignWithdraw"))
    .mutation(({ ctx }) => withdrawEsignConsent(ctx.services, ctx.applicant.userId)),

  /** Whether the right to cancel applies, and the earliest dates it gives (rules/disbursement.json). */
  rescission: applicantProcedure.input(emptyInput).query(async ({ ctx }) => {
    const { app } = await readApplication(ctx);
    return rescissionFor(ctx.services.defs, app.doc, { now: ctx.services.now() });
  }),
});
