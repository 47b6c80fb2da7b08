// Notes on an application's file: staff write them for each other (never the applicant). Each is
// sealed at rest, carries its author and time, and is recorded in the audit trail (without its text).
import { auditAction } from "@engine/lending/audit-actions";
import { asc, eq, inArray } from "drizzle-orm";
import { transaction } from "@server/persistence/db/client";
import { applicationNotes, portalUsers } from "@server/persistence/db/schema";
import type { Services } from "@server/services";
import { applicationStore } from "@server/persistence/store/applications";
import type { Staff } from "./staff";

export function notesOf(services: Services) {
  const { db, cipher } = services;
  return {
    /** The notes of one application, oldest first, with their authors' names. */
    async list(applicationId: string) {
      const rows = await db
        .select()
        .from(applicationNotes)
        .where(eq(applicationNotes.applicationId, applicationId))
        .orderBy(asc(applicationNotes.createdAt), asc(applicationNotes.id));
      const authorIds = [...new Set(rows.map((r) => r.authorId))];
      const authors = authorIds.length
        ? await db
            .select({ id: portalUsers.id, name: portalUsers.name })
            .from(portalUsers)
            .where(inArray(portalUsers.id, authorIds))
        : [];
      const nameOf = new Map(authors.map((a) => [a.id, a.name]));
      return rows.map((r) => ({
        id: r.id,
        text: cipher.decrypt(r.text),
        author: nameOf.get(r.authorId) ?? "A former portal user",
        createdAt: r.createdAt.toISOString(),
      }));
    },

    /** Adds a note by `staff` to an application they can see (the caller has checked that). */
    async add(staff: Staff, applicationId: string, text: string) {
      const note = {
        id: crypto.randomUUID(),
        applicationId,
        authorId: staff.id,
        text: text.trim(),
        createdAt: services.now(),
      };
      const store = applicationStore(services);
      await transaction(db, async (tx) => {
        await tx.insert(applicationNotes).values({ ...note, text: cipher.encrypt(note.text) });
        await store.audit(tx, {
          actorKind: "portal",
          actorId: staff.id,
          action: auditAction("portal.note.added"),
          applicationId,
          changed: [`/notes/${note.id}`],
        });
      });
      return { id: note.id, text: note.text, createdAt: note.createdAt.toISOString() };
    },
  };
}
