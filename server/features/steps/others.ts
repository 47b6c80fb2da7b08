// When one reader's save changes what another reader of the application has to do. Each borrower
// walks their own path (engine/funnel/journey.ts); another's answer only ever changes it where it
// asks that borrower something new (a signature an answer voided, a page of theirs the answer
// opened). Then that borrower's page says exactly what changed and why (./because.ts reads the
// audit event written here), and they are mailed at the address they proved.
import { eq } from "drizzle-orm";
import { todayIso } from "@engine/base/dates";
import { applicantLabelOf, rankOf } from "@engine/funnel/funnel";
import { journeyOf, type Journey } from "@engine/funnel/journey";
import { borrowerName } from "@engine/lending/borrowers";
import { activeRoles, flowOfPart, OWNER_ROLE, partOf } from "@engine/funnel/members";
import { fieldTitle } from "@engine/definitions/schema-walk";
import { auditAction } from "@engine/lending/audit-actions";
import type { Definitions } from "@engine/definitions/definitions";
import { localeOf } from "@engine/locale/locales";
import { serverWordIn } from "@engine/locale/server-words";
import type { Words } from "@engine/locale/words";
import type { Db } from "@server/persistence/db/client";
import { users } from "@server/persistence/db/schema";
import type { StoredApplication } from "@server/persistence/store/applications";
import type { Services } from "@server/services";
import { completedOf, memberStore, type MemberRow } from "../members/store";
import { deliverableAddress, mailGate } from "../messaging/mail";
import { accountLocale, filledMail, mailText } from "../locale/mail-text";
import { localizedSet } from "../locale/locale";
import { ownerCompleted } from "./journey";

/** Another reader of the application: the owner or a member who joined, with the steps they had saved. */
export interface OtherReader {
  role: string;
  userId: string;
  completed: string[];
}

/** The audit action of a page due again for `role` because of someone else's save. */
export const reopenedAction = (role: string, stepId: string) => auditAction("journey.reopened", role, stepId);

/** The readers of `app` other than the one saving (`role`): the owner, and every member who has joined. */
export async function otherReaders(
  services: Services,
  tx: Db,
  app: StoredApplication,
  role: string,
  /** The application's members as the caller read them in this transaction. */
  members?: MemberRow[],
): Promise<OtherReader[]> {
  const out: OtherReader[] = [];
  if (role !== OWNER_ROLE)
    out.push({ role: OWNER_ROLE, userId: app.ownerId, completed: ownerCompleted(services, app) });
  for (const row of members ?? (await memberStore(services).ofApplication(tx, app.id)))
    if (row.role !== role && row.userId)
      out.push({ role: row.role, userId: row.userId, completed: completedOf(row) });
  return out;
}

/** A reader's path on `doc`: the owner's, or a member's while their role acts on the application (else null). */
export function roleJourney(
  services: Services,
  app: StoredApplication,
  role: string,
  doc: Record<string, unknown>,
  completed: readonly string[],
): Journey | null {
  const { defs } = services;
  const today = todayIso(services.now());
  if (role !== OWNER_ROLE && !activeRoles(defs, doc, today).includes(role)) return null;
  const part = partOf(defs, role, doc, today);
  return journeyOf(defs, {
    application: doc,
    completed,
    variant: app.variant,
    flow: flowOfPart(defs, part),
    part,
    today,
  });
}

/**
 * The step a save put back in front of a reader: due now, not due before, and earlier on their
 * way than where they were (or they had nothing left to do). A path that only moved on (a page
 * they no longer need, the last signature in) reopens nothing.
 */
export function reopenedStep(
  services: Services,
  before: Journey | null,
  after: Journey | null,
): string | null {
  if (!before || !after?.due || after.due === before.due || after.submitted || before.submitted) return null;
  if (before.due === null) return after.due;
  const was = rankOf(services.defs, before.due);
  const now = rankOf(services.defs, after.due);
  return was !== null && now !== null && now < was ? after.due : null;
}

/**
 * Who someone is in another borrower's words: their name as the application holds it, else the
 * role in words (`words`: a mail's language's engine words; none: English).
 */
export const nameOf = (services: Services, doc: unknown, role: string, words?: Partial<Words>) =>
  borrowerName(services.defs, doc, role) ??
  serverWordIn(words, role === OWNER_ROLE ? "mail.someone.owner" : "mail.someone.member");

/** The changed answers in words (their schema titles in `defs`' language, each once), never their values. */
export function changedInWords(
  services: Pick<Services, "defs">,
  pointers: readonly string[],
  defs: Definitions = services.defs,
): string[] {
  const titles = pointers.map((p) => fieldTitle(defs.files, p)).filter((t): t is string => !!t);
  return [...new Set(titles.map((t) => t.charAt(0).toLowerCase() + t.slice(1)))];
}

/** Joins words as a person lists them: "a, b and c" (`and` in the list's language). */
export const listed = (words: readonly string[], and = "and") =>
  words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} ${and} ${words.at(-1)!}`;

/** A mail's words in the reader's language: its definitions (titles, page names) and engine words. */
export function mailLanguage(services: Pick<Services, "defs">, language: string) {
  const set = localizedSet(services.defs, localeOf(services.defs.texts, language));
  return { defs: set.defs, words: set.words };
}

/** The changed answers as a mail writes them after "changed their answers": " (a and b)", or nothing. */
export function changedAnswers(
  services: Pick<Services, "defs">,
  pointers: readonly string[],
  language: ReturnType<typeof mailLanguage>,
) {
  const what = listed(
    changedInWords(services, pointers, language.defs),
    serverWordIn(language.words, "mail.list.and"),
  );
  return what ? ` (${what})` : "";
}

/**
 * Mails a reader that a page is due again because of someone else's answers
 * (content/mail/page-reopened.md, in the reader's account language): to the owner's account
 * address (set only once proven), to a member at the address they joined with (the invite proved it).
 */
export async function notifyReopened(
  services: Services,
  app: StoredApplication,
  doc: unknown,
  reopened: { reader: OtherReader; stepId: string; by: string; changed: string[] },
) {
  const { reader, stepId, by } = reopened;
  // Only to the address this reader proved (the owner's account code, a member's invite link).
  const email = await deliverableAddress(services, app, reader.role);
  if (!email) return;
  const source = mailText(services, "page-reopened", await accountLocale(services.db, reader.userId));
  if (!source) throw new Error("content/mail/page-reopened.md is missing");
  const language = mailLanguage(services, source.language);
  const mail = filledMail(source, {
    changedBy: nameOf(services, doc, by, language.words),
    changedAnswers: changedAnswers(services, reopened.changed, language),
    page: applicantLabelOf(language.defs, stepId) ?? stepId,
  });
  await mailGate(services).send(email, mail, { kind: "page-reopened", applicationId: app.id });
}
