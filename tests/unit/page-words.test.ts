// The page words by area (engine/locale/words.ts, form-words.ts, display-words.ts, auth-words.ts): each word has
// one home, each area's reader writes the page's language, and the server and the build still
// give every area's translation (what the first funnel page no longer carries: docs/performance.md).
import { afterEach, describe, expect, it } from "vitest";
import { AUTH_WORDS, authWord } from "@engine/locale/auth-words";
import { DISPLAY_WORDS, displayWord } from "@engine/locale/display-words";
import { FORM_WORDS, formWord, formWordIn, listed } from "@engine/locale/form-words";
import { LENDER_WORDS } from "@engine/locale/lender-words";
import { localeOf } from "@engine/locale/locales";
import { PAGE_WORDS } from "@engine/locale/page-words";
import { ENGINE_WORDS, SERVER_WORDS } from "@engine/locale/server-words";
import { setWordsTable, word, WORDS } from "@engine/locale/words";
import { localizedSet, pageWords } from "@server/features/locale/locale";
import { localeContent } from "@web/build/locale-content-plugin";
import { repo } from "../helpers/definitions";

const AREAS = { WORDS, FORM_WORDS, DISPLAY_WORDS, AUTH_WORDS, SERVER_WORDS, LENDER_WORDS };

describe("the page words, split by the pages that show them", () => {
  afterEach(() => setWordsTable(undefined));

  it("gives every engine word one home: no id is in two areas' tables", () => {
    const homes = new Map<string, string[]>();
    for (const [area, table] of Object.entries(AREAS))
      for (const id of Object.keys(table)) homes.set(id, [...(homes.get(id) ?? []), area]);
    expect([...homes].filter(([, areas]) => areas.length > 1)).toEqual([]);
    expect(Object.keys(ENGINE_WORDS)).toHaveLength(homes.size);
    expect(Object.keys(PAGE_WORDS).sort()).toEqual(
      [
        ...Object.keys(WORDS),
        ...Object.keys(FORM_WORDS),
        ...Object.keys(DISPLAY_WORDS),
        ...Object.keys(AUTH_WORDS),
      ].sort(),
    );
  });

  it("writes a display's and an invite page's word from the page's table, English where it has none", () => {
    expect(displayWord("checklist.status.needed")).toBe("Needed");
    setWordsTable({ "checklist.status.needed": "Pendiente", "join.accept": "Aceptar y continuar" });
    expect(displayWord("checklist.status.needed")).toBe("Pendiente");
    expect(displayWord("offer.emailed", { email: "a@example.com" })).toBe(
      "We emailed this estimate to a@example.com.",
    );
    expect(authWord("join.accept")).toBe("Aceptar y continuar");
    expect(formWord("form.next")).toBe("Next");
  });

  it("writes the step form's and the frame's words from the page's table, English where it has none", () => {
    setWordsTable({
      "form.next": "Siguiente",
      "list.and": "{first} y {last}",
      "frame.skipToMain": "Ir al contenido",
    });
    expect(formWord("form.next")).toBe("Siguiente");
    expect(formWord("form.back")).toBe("Back");
    expect(listed(["a", "b", "c"])).toBe("a, b y c");
    expect(word("frame.skipToMain")).toBe("Ir al contenido");
    expect(word("frame.mainNav")).toBe("Main");
  });

  it("writes a step's refusal in the table it is given, not the page's", () => {
    setWordsTable({ "validation.required": "es obligatorio" });
    expect(formWordIn(undefined, "validation.required")).toBe("is required");
    expect(formWordIn({ "validation.required": "ist erforderlich" }, "validation.required")).toBe(
      "ist erforderlich",
    );
    expect(formWordIn(undefined, "validation.minLength", { limit: 3 })).toBe("must be at least 3 characters");
  });

  it("sends a Spanish funnel page the Spanish of every area, and no server refusal", () => {
    const words = pageWords(localizedSet(repo.defs, localeOf(repo.defs.texts, "es")).words);
    expect(words["form.next"]).toBe("Siguiente");
    expect(words["checklist.status.needed"]).toBe("Pendiente");
    expect(words["join.accept"]).toBe("Aceptar y continuar");
    expect(Object.keys(words).some((id) => Object.hasOwn(SERVER_WORDS, id))).toBe(false);
  });

  it("keeps every area's current Spanish in the build's Spanish module", () => {
    const built = localeContent("es").words;
    expect(built["form.next"]).toBe("Siguiente");
    expect(built["checklist.status.needed"]).toBe("Pendiente");
    expect(built["join.accept"]).toBe("Aceptar y continuar");
  });
});
