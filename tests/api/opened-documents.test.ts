// A stored application is opened (parsed, its identifiers decrypted) once per stored text, not on
// every read (issue 34): the same text read again is the same frozen document, a save's next read
// finds what it stored, and anything else (another server's save, a definitions reload) is read
// afresh.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { transaction } from "@server/persistence/db/client";
import { applications } from "@server/persistence/db/schema";
import { applicationStore } from "@server/persistence/store/applications";
import { isShared, openedDocuments } from "@server/persistence/store/opened-documents";
import { RETIRED_RULE_SET } from "@engine/definitions/retired";
import { swapDefinitions } from "@server/services";
import { makeApplicant, TWO_BORROWERS } from "../helpers/accounts";
import { testServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server?.close());

/** The application, as a request reads it, and how many sealed values that read decrypted. */
async function read(id: string) {
  const decrypt = vi.spyOn(server.services.cipher, "decrypt");
  try {
    const app = (await applicationStore(server.services).byId(server.services.db, id))!;
    return { app, doc: app.doc as Record<string, any>, decrypted: decrypt.mock.calls.length };
  } finally {
    decrypt.mockRestore();
  }
}

const storedText = async (id: string) =>
  (await server.services.db.select().from(applications).where(eq(applications.id, id)))[0]!.document;

async function twoBorrowers() {
  const { applicationId } = await makeApplicant(server.services, {
    status: "applicationSubmitted",
    doc: structuredClone(TWO_BORROWERS),
  });
  return applicationId;
}

/** Another server's save: the row written directly, its amount asked changed. */
async function savedElsewhere(id: string, revision: number, desiredAmount: number) {
  const doc = JSON.parse(await storedText(id)) as Record<string, any>;
  doc.setup.desiredAmount = desiredAmount;
  await server.services.db
    .update(applications)
    .set({ document: JSON.stringify(doc), revision })
    .where(eq(applications.id, id));
}
describe("opening a stored application", () => {
  it("answers the same frozen document for the same stored text, decrypting nothing the second time", async () => {
    const id = await twoBorrowers();
    const first = await read(id);
    const second = await read(id);
    expect(second.doc).toBe(first.doc);
    expect(second.decrypted).toBe(0);
    expect(second.doc.user.dateOfBirth).toBe(TWO_BORROWERS.user.dateOfBirth);
    expect(isShared(second.doc)).toBe(true);
    expect(() => {
      second.doc.user.firstName = "Changed";
    }).toThrow(TypeError);
    expect(() => {
      second.doc.decisions = [];
    }).toThrow(TypeError);
  });

  it("finds a save's document on the next read, equal to one opened from its stored text", async () => {
    const id = await twoBorrowers();
    const store = applicationStore(server.services);
    const sealedAt = async () => (JSON.parse(await storedText(id)) as Record<string, any>).user;
    const saveWith = async (app: Awaited<ReturnType<typeof read>>["app"], phone: string) => {
      const next = { ...app.doc, user: { ...(app.doc.user as object), phone } };
      expect(await transaction(server.services.db, (tx) => store.save(tx, app, next, app.status))).toBe(true);
    };
    const sealed = await sealedAt();
    const kept = () => openedDocuments(server.services, server.services.defs).size;
    const { app } = await read(id);
    const before = kept();
    await saveWith(app, "6195550188");
    expect(kept()).toBe(before); // the text it replaced is dropped: one document per application in flight
    const after = await read(id);
    expect(after.decrypted).toBe(0);
    expect(after.doc.user.phone).toBe("6195550188");
    expect(isShared(after.doc)).toBe(true);
    // A save re-seals only what changed, from a document read from the cache as from one decrypted.
    await saveWith(after.app, "6195550199");
    const resealed = await sealedAt();
    expect(resealed.dateOfBirth).toBe(sealed.dateOfBirth);
    expect(resealed.phone).not.toBe(sealed.phone);
    // What a read that decrypts makes of the same text (a definitions set of its own: an empty cache).
    const saved = await read(id);
    expect(saved.decrypted).toBe(0);
    swapDefinitions(server.services, { ...server.services.defs });
    const fresh = await read(id);
    expect(fresh.decrypted).toBeGreaterThan(10);
    expect(fresh.doc).not.toBe(saved.doc);
    expect(fresh.doc).toEqual(saved.doc);
    expect(fresh.doc.user.phone).toBe("6195550199");
  });

  it("seals from what it read: unchanged identifiers keep their sealed text, changed ones and any stored in the clear are sealed", async () => {
    const id = await twoBorrowers();
    const store = applicationStore(server.services);
    const sealedText = async () => JSON.parse(await storedText(id)) as Record<string, any>;
    const saveWith = async (app: Awaited<ReturnType<typeof read>>["app"], next: Record<string, any>) => {
      const encrypt = vi.spyOn(server.services.cipher, "encrypt");
      try {
        expect(await transaction(server.services.db, (tx) => store.save(tx, app, next, app.status))).toBe(
          true,
        );
        return encrypt.mock.calls.map(([plain]) => plain);
      } finally {
        encrypt.mockRestore();
      }
    };
    const first = await read(id);
    const stored = await sealedText();
    // A save that changes no identifier seals nothing; one that changes one seals that one.
    const declared = {
      ...first.doc,
      user: { ...first.doc.user, declarations: { ...first.doc.user.declarations, x: 1 } },
    };
    expect(await saveWith(first.app, declared)).toEqual([]);
    expect(await sealedText()).toStrictEqual({
      ...stored,
      user: { ...stored.user, declarations: declared.user.declarations },
    });
    const handed = await read(id);
    expect(handed.doc).toBe(declared);
    const moved = { ...handed.doc, coborrower: { ...handed.doc.coborrower, phone: "6195550111" } };
    expect(await saveWith(handed.app, moved)).toEqual(["6195550111"]);
    const resealed = await sealedText();
    expect(resealed.coborrower.phone).not.toBe(stored.coborrower.phone);
    expect({ ...resealed, coborrower: { ...resealed.coborrower, phone: 0 } }).toStrictEqual({
      ...stored,
      user: { ...stored.user, declarations: declared.user.declarations },
      coborrower: { ...stored.coborrower, phone: 0 },
    });
    // Another server stored an identifier in the clear: this server's next save seals it.
    const text = await sealedText();
    text.user.dateOfBirth = TWO_BORROWERS.user.dateOfBirth;
    await server.services.db
      .update(applications)
      .set({ document: JSON.stringify(text), revision: handed.app.revision + 2 })
      .where(eq(applications.id, id));
    const clear = await read(id);
    expect(clear.doc.user.dateOfBirth).toBe(TWO_BORROWERS.user.dateOfBirth);
    const again = { ...clear.doc, setup: { ...clear.doc.setup, desiredAmount: 70000 } };
    expect(await saveWith(clear.app, again)).toEqual([TWO_BORROWERS.user.dateOfBirth]);
    const last = await sealedText();
    expect(server.services.cipher.isSealed(last.user.dateOfBirth)).toBe(true);
    expect(last.coborrower.phone).toBe(resealed.coborrower.phone);
    swapDefinitions(server.services, { ...server.services.defs });
    expect((await read(id)).doc).toStrictEqual(again);
  });

  it("opens afresh after a definitions reload", async () => {
    const id = await twoBorrowers();
    const first = await read(id);
    swapDefinitions(server.services, { ...server.services.defs });
    const reloaded = await read(id);
    expect(reloaded.decrypted).toBeGreaterThan(10);
    expect(reloaded.doc).not.toBe(first.doc);
    expect(reloaded.doc).toEqual(first.doc);
  });

  it("reads afresh a stored text another server saved (the row written directly)", async () => {
    const id = await twoBorrowers();
    const first = await read(id);
    await savedElsewhere(id, first.app.revision + 1, 75000);
    const after = await read(id);
    expect(after.doc).not.toBe(first.doc);
    expect(after.doc.setup.desiredAmount).toBe(75000);
    expect(first.doc.setup.desiredAmount).toBe(TWO_BORROWERS.setup.desiredAmount);
  });
});

describe("a save's document handed on to the next read", () => {
  const store = () => applicationStore(server.services);
  const opened = () => openedDocuments(server.services, server.services.defs);
  const withPhone = (doc: Record<string, any>, phone: unknown) => ({ ...doc, user: { ...doc.user, phone } });

  it("is the saved document itself, never parsed from what the save wrote, and what its text opens to", async () => {
    const id = await twoBorrowers();
    const { app } = await read(id);
    const next = withPhone(app.doc, "6195550177");
    expect(await transaction(server.services.db, (tx) => store().save(tx, app, next, app.status))).toBe(true);
    const after = await read(id);
    expect(after.doc).toBe(next);
    expect(after.decrypted).toBe(0);
    expect(isShared(after.doc)).toBe(true);
    expect(() => {
      after.doc.user.phone = "6195550100";
    }).toThrow(TypeError);
    // What another server (here: an empty cache) opens the stored text to: the same, to the last detail.
    swapDefinitions(server.services, { ...server.services.defs });
    const fresh = await read(id);
    expect(fresh.doc).not.toBe(next);
    expect(fresh.doc).toStrictEqual(next);
  });

  it("is never seen after its transaction rolls back: the next read opens what is stored", async () => {
    const id = await twoBorrowers();
    const first = await read(id);
    let written = "";
    await expect(
      transaction(server.services.db, async (tx) => {
        expect(await store().save(tx, first.app, withPhone(first.doc, "6195550166"), first.app.status)).toBe(
          true,
        );
        written = (await tx.select().from(applications).where(eq(applications.id, id)))[0]!.document;
        throw new Error("refused after the save");
      }),
    ).rejects.toThrow("refused after the save");
    expect(written).toContain('"phone"');
    expect(await storedText(id)).not.toBe(written);
    expect(opened().get(written)).toBeUndefined();
    const after = await read(id);
    expect(after.doc).toBe(first.doc);
    expect(after.doc.user.phone).toBe(first.doc.user.phone);
  });

  it("is never seen when the save is refused as stale, nor when another server's save replaced its text", async () => {
    const id = await twoBorrowers();
    const { app } = await read(id);
    const mine = withPhone(app.doc, "6195550155");
    expect(await transaction(server.services.db, (tx) => store().save(tx, app, mine, app.status))).toBe(true);
    // A second save from the same (now stale) read is refused: its document is never the stored one.
    const stale = withPhone(app.doc, "6195550144");
    expect(await transaction(server.services.db, (tx) => store().save(tx, app, stale, app.status))).toBe(
      false,
    );
    expect((await read(id)).doc).toBe(mine);
    // Another server saves over it before this one reads again: what it stored is read.
    const saved = await read(id);
    const mineAgain = withPhone(saved.doc, "6195550133");
    expect(
      await transaction(server.services.db, (tx) => store().save(tx, saved.app, mineAgain, app.status)),
    ).toBe(true);
    await savedElsewhere(id, saved.app.revision + 2, 65000);
    const after = await read(id);
    expect(after.doc).not.toBe(mineAgain);
    expect(after.doc.setup.desiredAmount).toBe(65000);
    expect(after.doc.user.phone).toBe("6195550133");
  });

  it("is opened from its text when it is not plain JSON or holds a value already sealed", async () => {
    const id = await twoBorrowers();
    const { app } = await read(id);
    const odd = { ...app.doc, review: { at: new Date(0), gone: undefined, list: [1, -0] } };
    expect(await transaction(server.services.db, (tx) => store().save(tx, app, odd, app.status))).toBe(true);
    const after = await read(id);
    expect(after.doc).not.toBe(odd);
    expect(after.doc.review).toStrictEqual({ at: "1970-01-01T00:00:00.000Z", list: [1, 0] });
    // An identifier given sealed is stored as given, and read in the clear.
    const sealed = withPhone(after.doc, server.services.cipher.encrypt("6195550122"));
    expect(
      await transaction(server.services.db, (tx) => store().save(tx, after.app, sealed, app.status)),
    ).toBe(true);
    const again = await read(id);
    expect(again.doc).not.toBe(sealed);
    expect(again.doc.user.phone).toBe("6195550122");
  });

  it("saved unchanged, is stored as the text its read gave only when that is the very text it is written as", async () => {
    const id = await twoBorrowers();
    const compact = await storedText(id);
    // Another server stored the same document spelled otherwise (indented): it opens to the same document.
    const spaced = JSON.stringify(JSON.parse(compact), null, 1);
    const storeSpaced = () =>
      server.services.db.update(applications).set({ document: spaced }).where(eq(applications.id, id));
    const saveAsRead = async () => {
      const { app } = await read(id);
      expect(await transaction(server.services.db, (tx) => store().save(tx, app, app.doc, app.status))).toBe(
        true,
      );
      return app.doc;
    };
    await storeSpaced();
    const doc = await saveAsRead();
    expect(await storedText(id)).toBe(compact);
    // Read from the text it was saved as, and saved again: that text, to the byte.
    expect(await saveAsRead()).toBe(doc);
    expect(await storedText(id)).toBe(compact);
    // The indented text is stored again: its read is the same document (kept for that text too), yet
    // the save writes it as this server spells it, not as the text read.
    await storeSpaced();
    expect(await saveAsRead()).toBe(doc);
    expect(await storedText(id)).toBe(compact);
    expect((await read(id)).doc).toBe(doc);
  });

  it("walks a document shared before a live reload again: the answers the reload retires are not handed on", async () => {
    const running = server.services.defs;
    /** The running definitions, but for rules/retired.json letting /setup/note go. */
    const retiringNote = () => ({
      ...running,
      params: {
        ...running.params,
        [RETIRED_RULE_SET]: { steps: {}, values: {}, fields: { "/setup/note": null } },
      },
    });
    try {
      const id = await twoBorrowers();
      const { app, doc } = await read(id);
      const next = { ...doc, setup: { ...doc.setup, note: "kept until the reload" } };
      // Shared before it is judged (a save's first ask), under the definitions that still have the note.
      store().shareBeforeSave(next);
      expect(isShared(next)).toBe(true);
      // A live reload (Object.assign on services) retires the note before the save seals the document.
      swapDefinitions(server.services, retiringNote());
      expect(await transaction(server.services.db, (tx) => store().save(tx, app, next, app.status))).toBe(
        true,
      );
      expect(JSON.parse(await storedText(id)).setup.note).toBe("kept until the reload");
      const after = await read(id);
      expect(after.doc.setup).not.toHaveProperty("note");
      expect(after.doc).not.toBe(next);
      expect(after.doc.setup.desiredAmount).toBe(next.setup.desiredAmount);
      // What another server on the retiring definitions (an empty cache) opens the stored text to.
      swapDefinitions(server.services, retiringNote());
      const fresh = await read(id);
      expect(fresh.decrypted).toBeGreaterThan(10);
      expect(fresh.doc).toStrictEqual(after.doc);
    } finally {
      swapDefinitions(server.services, running);
    }
  });
});
