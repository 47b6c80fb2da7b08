// A mail's words in its reader's language (issue 41): the text of content/mail/<template>.md, or
// its translation (content/locales/<code>/content/mail/<template>.md.json) when one made from the
// English as it reads now exists (engine/locale/texts.ts); otherwise the English, never an old
// sentence. The reader's language is their account's (users.locale), not the request's: a staff
// action sends most of them. Dates and money in the mail follow the language the mail is in.
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { REPO_ROOT } from "@engine/base/paths";
import { localeOf } from "@engine/locale/locales";
import { textFor } from "@engine/locale/texts";
import type { Db } from "@server/persistence/db/client";
import { users } from "@server/persistence/db/schema";
import type { Services } from "@server/services";
import { fillTokens, frontMatterOf, readDisclosure } from "../esign/documents";

const MAIL_DIR = join(REPO_ROOT, "content/mail");

export interface MailText {
  /** The language the mail is in: the reader's, or English when its translation is missing or stale. */
  language: string;
  /** The Intl tag its dates and money are written in (that language's). */
  intl: string;
  /** The front matter's title, the mail's subject (tokens unfilled). */
  subject: string;
  /** The Markdown after the front matter (tokens unfilled). */
  body: string;
}

/** The mail `template` as a reader of `code` (an account's language; none: English) is sent it, or null when there is no such mail. */
export function mailText(
  services: Pick<Services, "defs">,
  template: string,
  code: string | null | undefined,
): MailText | null {
  const texts = services.defs.texts;
  const english = readDisclosure(template, texts ?? MAIL_DIR, "mail");
  if (!english) return null;
  const locale = localeOf(texts, code);
  const chosen = textFor(texts, locale.code, `content/mail/${template}.md`, english.source);
  const { attributes, body } = frontMatterOf(chosen.source);
  const inLocale = chosen.language === locale.code;
  return {
    language: chosen.language,
    intl: inLocale ? locale.intl : "en-US",
    subject: attributes.title || english.title,
    body,
  };
}

/** The mail filled with `values`: its subject and its text. */
export const filledMail = (mail: MailText, values: Record<string, string>) => ({
  subject: fillTokens(mail.subject, values),
  text: fillTokens(mail.body, values).trim(),
});

/** The language an account chose (users.locale), or null. */
export async function accountLocale(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return row?.locale ?? null;
}

/** The language of the account signing in with `email` (users.locale), or null (no such account, none chosen). */
export async function addressLocale(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.email, email));
  return row?.locale ?? null;
}

/**
 * The mail that carries a written notice as a PDF (`template`: its cover), for a reader of
 * `reader`. The notice is a legal text, in English unless a reviewed translation exists
 * (engine/locale/legal.ts); a translated cover says the attached notice is in English, so it is
 * sent only with a notice in English (`notice`, the notice record's language), else the English cover.
 */
export const noticeCover = (
  services: Pick<Services, "defs">,
  template: string,
  reader: string | null | undefined,
  notice: string,
): MailText | null => mailText(services, template, notice === "en" ? reader : "en");
