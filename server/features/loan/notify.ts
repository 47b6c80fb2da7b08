// Notifications as data (rules/notifications.json): an event of the loan mails the recipients its
// row names, with a text of content/mail/. The rows go into notification_outbox inside the move's
// transaction, naming each recipient by borrower role or staff id (never an address); after the
// commit they are sent, each to a proven address only (a borrower's account sign-in address, a
// portal user's address), and a failure is kept for a retry (params.retry) rather than lost. The
// file's timeline lists them.
import { serverWordIn } from "@engine/locale/server-words";
import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, lte, or } from "drizzle-orm";
import { longDate } from "@engine/base/dates";
import { formatCurrency } from "@engine/base/format";
import { borrowerName } from "@engine/lending/borrowers";
import { machineOf } from "@engine/lending/milestones";
import { localeOf } from "@engine/locale/locales";
import { isRecordedWords, recordedIn, type RecordedWords } from "@engine/locale/recorded-words";
import { lenderTokens } from "@engine/lending/lender";
import { readLenderProfile } from "@engine/lending/lender-file";
import type { Db } from "@server/persistence/db/client";
import { applications, notificationOutbox, portalUsers } from "@server/persistence/db/schema";
import { applicationStore } from "@server/persistence/store/applications";
import type { Services } from "@server/services";
import { localizedSet } from "../locale/locale";
import { filledMail, mailText, type MailText } from "../locale/mail-text";
import { can, type Permission } from "../portal/roles";
import { provenRecipient } from "./addresses";
import { esignConsentState } from "./notices";

interface Send {
  to: "borrowers" | "conditionBorrowers" | "uploader" | "loanOfficer" | "staff";
  permission?: string;
  template: string;
}

interface Table {
  events: Record<string, { send: Send[] }>;
  retry: { attempts: number; delaysSeconds: number[] };
}

const tableOf = (services: Pick<Services, "defs">) => services.defs.params.notifications as unknown as Table;

/** Who an event reaches, besides what the rows say: the borrowers it concerns. */
export interface NotifyContext {
  borrowers: string[];
  /** For conditionBorrowers and uploader: the borrowers of that condition or document. */
  some?: string[];
  /**
   * Template values that are not personal (labels, dates, amounts); words a file recorded from the
   * definitions (a condition's label) go with their place there, to be worded in each mail's language.
   */
  values?: Record<string, string | RecordedWords>;
}

/** Queues the event's mails in the move's transaction. */
export async function queueNotifications(
  tx: Db,
  services: Services,
  app: { id: string; partnerId: string; loanOfficerId: string | null },
  event: string,
  context: NotifyContext,
  now: Date,
): Promise<number> {
  const row = tableOf(services).events[event];
  if (!row) throw new Error(`rules/notifications.json has no event "${event}"`);
  const recipients: { recipient: string; template: string }[] = [];
  for (const send of row.send) {
    if (send.to === "borrowers")
      for (const role of context.borrowers)
        recipients.push({ recipient: `role:${role}`, template: send.template });
    else if (send.to === "conditionBorrowers" || send.to === "uploader")
      for (const role of context.some ?? [])
        recipients.push({ recipient: `role:${role}`, template: send.template });
    else if (send.to === "loanOfficer") {
      if (app.loanOfficerId)
        recipients.push({ recipient: `staff:${app.loanOfficerId}`, template: send.template });
    } else {
      const staff = await tx
        .select({ id: portalUsers.id, role: portalUsers.role })
        .from(portalUsers)
        .where(and(eq(portalUsers.partnerId, app.partnerId), isNull(portalUsers.disabledAt)));
      for (const person of staff)
        if (send.permission && can(services.portal, person.role, send.permission as Permission))
          recipients.push({ recipient: `staff:${person.id}`, template: send.template });
    }
  }
  // One mail per recipient and template (a loan officer who also holds the permission gets one).
  const unique = [...new Map(recipients.map((r) => [`${r.recipient} ${r.template}`, r])).values()];
  if (unique.length)
    await tx.insert(notificationOutbox).values(
      unique.map((r) => ({
        id: randomUUID(),
        applicationId: app.id,
        event,
        template: r.template,
        recipient: r.recipient,
        values: JSON.stringify(context.values ?? {}),
        status: "pending" as const,
        attempts: 0,
        nextAttemptAt: now,
        createdAt: now,
      })),
    );
  return unique.length;
}

/** Sends the application's mails that are due (after the commit that queued them, and again for retries). */
export async function sendDueNotifications(services: Services, applicationId: string): Promise<void> {
  const { db } = services;
  const now = services.now();
  const due = await db
    .select()
    .from(notificationOutbox)
    .where(
      and(
        eq(notificationOutbox.applicationId, applicationId),
        or(eq(notificationOutbox.status, "pending"), eq(notificationOutbox.status, "failed")),
        lte(notificationOutbox.nextAttemptAt, now),
      ),
    );
  if (!due.length) return;
  const app = await applicationStore(services).byId(db, applicationId);
  const [row] = await db.select().from(applications).where(eq(applications.id, applicationId));
  if (!app || !row) return;
  const base = (services.config.publicUrl ?? "").replace(/\/$/, "");
  const { retry } = tableOf(services);
  for (const mail of due) {
    const [kind, id = ""] = mail.recipient.split(":");
    let to: string | null = null;
    let name = "";
    // A borrower reads their mails in their account's language; staff read English.
    let language: string | null = null;
    if (kind === "role") {
      // A borrower who withdrew their E-SIGN consent asked for paper: no more mail (./notices.ts).
      const recipient =
        esignConsentState(services, app.doc, id) === "withdrawn"
          ? null
          : await provenRecipient(db, services, app, id);
      to = recipient?.email ?? null;
      language = recipient?.locale ?? null;
      name = borrowerName(services.defs, app.doc, id) ?? "";
    } else {
      const [person] = await db
        .select({ email: portalUsers.email, name: portalUsers.name, disabledAt: portalUsers.disabledAt })
        .from(portalUsers)
        .where(eq(portalUsers.id, id));
      to = person && !person.disabledAt ? person.email : null;
      name = person?.name ?? "";
    }
    const source = mailText(services, mail.template, language);
    if (!to || !source) {
      await db
        .update(notificationOutbox)
        .set({
          status: "skipped",
          lastError: to
            ? "no-template"
            : kind === "role" && esignConsentState(services, app.doc, id) === "withdrawn"
              ? "esign-withdrawn"
              : "no-proven-address",
        })
        .where(eq(notificationOutbox.id, mail.id));
      continue;
    }
    const values = {
      ...lenderTokens(readLenderProfile()),
      ...valuesIn(services, source, JSON.parse(mail.values) as Record<string, unknown>),
      name:
        name ||
        serverWordIn(
          localizedSet(services.defs, localeOf(services.defs.texts, source.language)).words,
          "mail.greeting.noName",
        ),
      date: longDate(mail.createdAt.toISOString().slice(0, 10), source.intl),
      statusLink: `${base}/app/application/submitted`,
      fileLink: `${base}/portal/applications/${applicationId}`,
    };
    const attempts = mail.attempts + 1;
    try {
      await services.mailer.send({ to, ...filledMail(source, values) });
      await db
        .update(notificationOutbox)
        .set({ status: "sent", attempts, sentAt: services.now(), lastError: null })
        .where(eq(notificationOutbox.id, mail.id));
    } catch (error) {
      const delay = retry.delaysSeconds[Math.min(attempts - 1, retry.delaysSeconds.length - 1)] ?? 3600;
      await db
        .update(notificationOutbox)
        .set({
          status: attempts >= retry.attempts ? "skipped" : "failed",
          attempts,
          nextAttemptAt: new Date(now.getTime() + delay * 1000),
          lastError: error instanceof Error ? error.name : "error",
        })
        .where(eq(notificationOutbox.id, mail.id));
    }
  }
}

/**
 * A queued mail's own values in the language `mail` is in: the milestone's name as its reader
 * reads it (queued as the state's id, `milestoneState`), words recorded from the definitions by
 * their place (recordedIn: a condition's label), a day (`dueDate`, yyyy-MM-dd) written long,
 * money (`amountDollars`) in that language's way.
 */
function valuesIn(
  services: Pick<Services, "defs">,
  mail: MailText,
  values: Record<string, unknown>,
): Record<string, string> {
  const defs = localizedSet(services.defs, localeOf(services.defs.texts, mail.language)).defs;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values))
    if (typeof value === "string") out[key] = value;
    else if (isRecordedWords(value)) out[key] = recordedIn(services.defs, defs, value);
  const state = out.milestoneState ? machineOf(defs).states[out.milestoneState] : undefined;
  if (state?.applicantLabel) out.milestone = state.applicantLabel;
  if (out.dueDate && /^\d{4}-\d{2}-\d{2}$/.test(out.dueDate)) out.dueDate = longDate(out.dueDate, mail.intl);
  if (out.amountDollars && Number.isFinite(Number(out.amountDollars)))
    out.amount = formatCurrency(Number(out.amountDollars), { locale: mail.intl });
  return out;
}

/** The application's mails, oldest first, for the file's timeline (no addresses). */
export async function notificationsOf(db: Db, applicationIds: string[]) {
  if (!applicationIds.length) return [];
  return db
    .select({
      id: notificationOutbox.id,
      event: notificationOutbox.event,
      template: notificationOutbox.template,
      recipient: notificationOutbox.recipient,
      status: notificationOutbox.status,
      attempts: notificationOutbox.attempts,
      createdAt: notificationOutbox.createdAt,
      sentAt: notificationOutbox.sentAt,
    })
    .from(notificationOutbox)
    .where(inArray(notificationOutbox.applicationId, applicationIds))
    .orderBy(notificationOutbox.createdAt);
}
