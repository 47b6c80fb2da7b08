// Mails and public pages in the applicant's language (issue 41): a Markdown text of content/ is
// translated whole (content/locales/es/content/mail/decision.md.json, pointer ""), hashed against
// the English, so a changed English text goes out in English; a translation keeps the English's
// {{tokens}} and front-matter facts; the terms of use are a legal text, shown only when reviewed.
import { describe, expect, it } from "vitest";
import type { Definitions } from "@engine/definitions/definitions";
import { longDate } from "@engine/base/dates";
import { formatCurrency } from "@engine/base/format";
import { englishHash } from "@engine/locale/hash";
import { textFor, TRANSLATED_TEXTS } from "@engine/locale/texts";
import { translationProblems, translationReport } from "@engine/lint/translations";
import { mailText } from "@server/features/locale/mail-text";
import { codeText } from "@server/features/account/phone";
import { signInText } from "@server/features/auth/phone-sign-in";
import { mailWords } from "@server/features/locale/locale";
import { offerMail } from "@server/features/decisions/offer-mail";
import { repo } from "../helpers/definitions";

const { defs } = repo;
const DECISION = "content/mail/decision.md";
const DECISION_ES = "content/locales/es/content/mail/decision.md.json";

const withTexts = (change: (texts: Map<string, string>) => void): Definitions => {
  const texts = new Map(defs.texts);
  change(texts);
  return { ...defs, texts };
};

/** The repository's set with the Spanish decision mail's text replaced (its hash kept current). */
const withSpanishDecision = (text: string) =>
  withTexts((texts) =>
    texts.set(
      DECISION_ES,
      JSON.stringify({
        translates: DECISION,
        strings: { "": { en: englishHash(texts.get(DECISION)!), text } },
      }),
    ),
  );

const spanishDecision = () =>
  (JSON.parse(defs.texts!.get(DECISION_ES)!) as { strings: Record<string, { text: string }> }).strings[""]!
    .text;

describe("status mails in the recipient's language", () => {
  it("gives a Spanish reader the decision mail in Spanish, subject included, and an English reader the English", () => {
    const es = mailText({ defs }, "decision", "es")!;
    expect(es).toMatchObject({ language: "es", intl: "es-US", subject: "Novedades sobre su solicitud" });
    expect(es.body).toContain("Hay novedades sobre su solicitud: {{milestone}}.");
    const en = mailText({ defs }, "decision", "en")!;
    expect(en).toMatchObject({ language: "en", intl: "en-US", subject: "An update on your application" });
    // No language on the account, or one not offered: English.
    expect(mailText({ defs }, "decision", null)!.language).toBe("en");
    expect(mailText({ defs }, "decision", "fr")!.language).toBe("en");
  });

  it('greets a reader the application has no name for in the mail\'s language: never "Hola, there"', () => {
    const offer = { lineAmount: 100_000, apr: 8.5, drawPeriodYears: 10, repaymentPeriodYears: 20 };
    const es = offerMail({ defs }, {}, offer, "https://example.test", "es");
    expect(es.text).toMatch(/^Hola, estimado cliente:/m);
    expect(es.text).not.toContain("there");
    expect(offerMail({ defs }, {}, offer, "https://example.test", "en").text).toMatch(/^Hello there,/m);
    const named = offerMail(
      { defs },
      { user: { firstName: "Ana", lastName: "Ruiz" } },
      offer,
      "https://example.test",
      "es",
    );
    expect(named.text).toMatch(/^Hola, Ana/m);
  });

  it("sends the English, dated in English, once the English mail changed after its translation (never the old sentence)", () => {
    const changed = withTexts((texts) =>
      texts.set(DECISION, texts.get(DECISION)!.replace("There is news", "We have news")),
    );
    const mail = mailText({ defs: changed }, "decision", "es")!;
    expect(mail).toMatchObject({ language: "en", intl: "en-US", subject: "An update on your application" });
    expect(mail.body).toContain("We have news about your application");
    const [report] = translationReport(changed);
    expect(report!.stale.map((p) => p.file)).toEqual([DECISION_ES]);
  });

  it("keeps staff mails in English: they are no source to translate", () => {
    expect(TRANSLATED_TEXTS.test("content/mail/staff-submitted.md")).toBe(false);
    expect(TRANSLATED_TEXTS.test("content/mail/portal-invite.md")).toBe(false);
    expect(TRANSLATED_TEXTS.test("content/mail/decision.md")).toBe(true);
    expect(mailText({ defs }, "staff-submitted", "es")!.language).toBe("en");
  });

  it("writes a day and money as the mail's language does", () => {
    expect(longDate("2026-10-14", "es-US")).toBe("miércoles, 14 de octubre de 2026");
    expect(longDate("2026-10-14")).toBe("Wednesday, October 14, 2026");
    expect(formatCurrency(25000, { locale: "es-US" })).toBe("$25,000");
    expect(formatCurrency(1234.5, { cents: true, locale: "es-US" })).toBe("$1,234.50");
  });
});

describe("what check refuses in a translated text", () => {
  it("refuses a translation that drops a {{token}} the English writes", () => {
    const dropped = withSpanishDecision(spanishDecision().replace(" {{statusLink}}", ""));
    expect(translationProblems(dropped)).toContainEqual(
      expect.objectContaining({
        file: DECISION_ES,
        pointer: "/strings//text",
        message: expect.stringContaining("drops {{statusLink}}"),
      }),
    );
  });

  it("reports, never refuses, a translation made before the English added a {{token}}: it is stale, so the English goes out", () => {
    const changed = withTexts((texts) =>
      texts.set(DECISION, texts.get(DECISION)!.replace("{{milestone}}", "{{milestone}} ({{decisionDate}})")),
    );
    expect(translationProblems(changed)).toEqual([]);
    expect(translationReport(changed)[0]!.stale.map((p) => p.file)).toEqual([DECISION_ES]);
    expect(mailText({ defs: changed }, "decision", "es")!.language).toBe("en");
  });

  it("refuses a translation that invents a {{token}} the English does not write", () => {
    const invented = withSpanishDecision(
      spanishDecision().replace("{{milestone}}", "{{milestone}} {{amount}}"),
    );
    expect(translationProblems(invented).map((p) => p.message)).toContainEqual(
      expect.stringContaining("writes {{amount}}, which the English does not"),
    );
  });

  it("refuses a translation whose front matter changes the version the English states", () => {
    const renumbered = withSpanishDecision(spanishDecision().replace('version: "1"', 'version: "2"'));
    expect(translationProblems(renumbered).map((p) => p.message)).toContainEqual(
      expect.stringContaining('front matter must keep the English\'s version: "1"'),
    );
  });

  it("accepts the repository's Spanish mails and pages as shipped, all current", () => {
    expect(translationProblems(defs)).toEqual([]);
    const [report] = translationReport(defs);
    expect(report!.stale).toEqual([]);
    const missingTexts = report!.missing.filter((m) => TRANSLATED_TEXTS.test(m.source));
    expect(missingTexts.map((m) => m.source)).toEqual([]);
  });
});

describe("texted codes", () => {
  it("writes the phone codes' texts in Spanish from the engine's words, naming the lender, the code in place", () => {
    const es = mailWords({ defs }, "es");
    expect(codeText("123456", "Acme Bank, N.A.", es)).toBe(
      "Acme Bank, N.A.: 123456 es su código de verificación para su solicitud de HELOC. Vence en 10 minutos. No lo comparta con nadie.",
    );
    expect(signInText("123456", "Acme Bank, N.A.", es)).toMatch(
      /^Acme Bank, N\.A\.: 123456 es su código para iniciar sesión/,
    );
    expect(codeText("123456", "Acme Bank, N.A.")).toMatch(
      /^Acme Bank, N\.A\.: 123456 is your verification code/,
    );
  });

  it("refuses a translated word that drops its {code}", () => {
    const file = "content/locales/es/engine.json";
    const broken = withTexts((texts) =>
      texts.set(
        file,
        texts
          .get(file)!
          .replace("{lender}: {code} es su código de verificación", "{lender}: es su código de verificación"),
      ),
    );
    expect(translationProblems(broken)).toContainEqual(
      expect.objectContaining({ file, message: expect.stringContaining("drops {code}") }),
    );
  });
});

describe("stale and missing lists include the mails and pages", () => {
  it("lists a mail without a translation as missing, with the hash its translation records", () => {
    const without = withTexts((texts) => texts.delete("content/locales/es/content/mail/withdrawn.md.json"));
    const [report] = translationReport(without);
    const missing = report!.missing.filter((m) => m.source === "content/mail/withdrawn.md");
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatchObject({
      pointer: "",
      en: englishHash(defs.texts!.get("content/mail/withdrawn.md")!),
    });
  });
});

describe("public pages", () => {
  const TERMS = "content/pages/terms-of-use.md";
  const english = defs.texts!.get(TERMS)!;
  const shipped = JSON.parse(defs.texts!.get(`content/locales/es/${TERMS}.json`)!) as {
    strings: Record<string, { en: string; text: string; reviewed?: boolean }>;
  };

  it("shows the FAQ and the licensing page in Spanish", () => {
    for (const page of ["faq", "license"]) {
      const file = `content/pages/${page}.md`;
      expect(textFor(defs.texts, "es", file, defs.texts!.get(file)!).language).toBe("es");
    }
  });

  it("ships the terms of use in Spanish unreviewed, so a Spanish reader reads the English until counsel approves it", () => {
    expect(shipped.strings[""]!.reviewed).toBe(false);
    expect(textFor(defs.texts, "es", TERMS, english)).toEqual({ language: "en", source: english });
    const reviewed = withTexts((texts) =>
      texts.set(
        `content/locales/es/${TERMS}.json`,
        JSON.stringify({ translates: TERMS, strings: { "": { ...shipped.strings[""], reviewed: true } } }),
      ),
    );
    expect(textFor(reviewed.texts, "es", TERMS, english).language).toBe("es");
  });

  it("requires the terms of use's translation to say whether a reviewer approved it", () => {
    const unmarked = withTexts((texts) =>
      texts.set(
        `content/locales/es/${TERMS}.json`,
        JSON.stringify({
          translates: TERMS,
          strings: { "": { en: shipped.strings[""]!.en, text: shipped.strings[""]!.text } },
        }),
      ),
    );
    expect(translationProblems(unmarked).map((p) => p.message)).toContainEqual(
      expect.stringContaining("must say whether a reviewer approved it"),
    );
  });
});
