// Draft answers (issue 23, item 8): typed but unsaved answers are kept in the tab's sessionStorage
// per reader and step, never a secret, and cleared on save and sign-out.
import { describe, expect, it } from "vitest";
import { bundleStepSchema } from "@engine/definitions/bundle";
import {
  clearAllDrafts,
  clearDraft,
  draftKey,
  readDraft,
  saveDraft,
  withoutSecrets,
  type DraftStorage,
} from "@engine/form/drafts";
import { repo } from "../helpers/definitions";

const { defs } = repo;

/** sessionStorage's behaviour, in memory. */
function memoryStorage(): DraftStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
  };
}

const personalInfo = bundleStepSchema(defs, "application");
const typed = {
  user: { firstName: "Dana", lastName: "Rivera", ssn: "123456789", phone: "3035550142" },
  setup: { hasCoborrower: false },
};

describe("draft answers", () => {
  it("keeps what was typed on a page, per reader and step, for the reload", () => {
    const storage = memoryStorage();
    saveDraft(storage, draftKey("u1", "application"), personalInfo, typed);
    expect(readDraft(storage, draftKey("u1", "application"))).toMatchObject({
      user: { firstName: "Dana", phone: "3035550142" },
      setup: { hasCoborrower: false },
    });
    expect(readDraft(storage, draftKey("u2", "application"))).toBeUndefined();
    expect(readDraft(storage, draftKey("u1", "application3"))).toBeUndefined();
  });

  it("never keeps a Social Security number (a writeOnly field)", () => {
    const storage = memoryStorage();
    saveDraft(storage, draftKey("u1", "application"), personalInfo, typed);
    expect(readDraft(storage, draftKey("u1", "application"))!.user).not.toHaveProperty("ssn");
    expect([...storage.map.values()].join("")).not.toContain("123456789");
    const coborrower = withoutSecrets(bundleStepSchema(defs, "application2"), {
      coborrower: { firstName: "Sam", ssn: "521456789" },
    });
    expect(coborrower).toEqual({ coborrower: { firstName: "Sam" } });
  });

  it("is cleared on save (its key) and on sign-out (every draft of the tab)", () => {
    const storage = memoryStorage();
    storage.setItem("other.app.key", "kept");
    saveDraft(storage, draftKey("u1", "application"), personalInfo, typed);
    saveDraft(storage, draftKey("u1", "application3"), personalInfo, {});
    clearDraft(storage, draftKey("u1", "application"));
    expect(readDraft(storage, draftKey("u1", "application"))).toBeUndefined();
    expect(readDraft(storage, draftKey("u1", "application3"))).toEqual({});
    clearAllDrafts(storage);
    expect([...storage.map.keys()]).toEqual(["other.app.key"]);
  });

  it("reads nothing from a damaged draft", () => {
    const storage = memoryStorage();
    storage.setItem(draftKey("u1", "application"), "{not json");
    expect(readDraft(storage, draftKey("u1", "application"))).toBeUndefined();
  });
});
