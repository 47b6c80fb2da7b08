import { todayIso } from "@engine/base/dates";
import { describe, expect, it } from "vitest";
import type { Definitions } from "@engine/definitions/definitions";
import { withPositions } from "@engine/definitions/load";
import { contentStrings, currentContentStrings } from "@engine/locale/content-text";
import { englishHash } from "@engine/locale/hash";
import { localeOf } from "@engine/locale/locales";
import { localizeFiles } from "@engine/locale/localize";
import {
  schemasFormsRead,
  stepStrings,
  translationProblems,
  translationReport,
} from "@engine/lint/translations";
import { createStepValidator } from "@engine/validation/validate";
import { localizedSet } from "@server/features/locale/locale";
import { refusalIn, saidIn } from "@server/features/locale/refusal-text";
import { englishOf, said } from "@engine/locale/server-words";
import { readDisclosureIn, recordedText, signedDocument } from "@server/features/esign/documents";
import { localeContent } from "@web/build/locale-content-plugin";
import { tokenAllowed } from "@engine/lending/text-tokens";
import { repo } from "../helpers/definitions";
import { lenderTokens } from "@engine/lending/lender";
import { readLenderProfile } from "@engine/lending/lender-file";
import { lenderInLanguage } from "@engine/lending/lender-text";
import { localizedPage } from "@web/build/locale-pages-plugin";

/** The machine's day, given to the engine at each call (it takes no default). */
const TODAY = todayIso();

const { defs } = repo;
const es = localeOf(defs.texts, "es");
const NAME = "initial-setup/name.json";
const TRANSLATION = "content/locales/es/steps/initial-setup/name.json";

/** The repository's set with the name step's title in other English words. */
function withEnglishTitle(title: string): Definitions {
  const steps = { ...defs.files.steps, [NAME]: { ...(defs.files.steps[NAME] as object), title } };
  return { ...defs, files: { ...defs.files, steps } };
}

/** The repository's set with one more text of content/ (a translation file). */
function withText(file: string, json: unknown): Definitions {
  const texts = new Map(defs.texts);
  texts.set(file, JSON.stringify(json, null, 2));
  return { ...defs, texts };
}

const titleOf = (files: Definitions["files"]) => (files.steps[NAME] as { title: string }).title;

describe("locales as data", () => {
  it("offers English and Español, English first, as content/locales/locales.json says", () => {
    expect(localeOf(defs.texts, "es")).toEqual({ code: "es", name: "Español", intl: "es-US" });
    expect(localeOf(defs.texts, "../../etc").code).toBe("en"); // a cookie's value is never a path
  });

  it("shows the Spanish title of the name step, and the English set unchanged", () => {
    const localized = localizeFiles(defs.files, defs.texts, es);
    expect(titleOf(localized.files)).toBe("Comencemos. ¿Cuál es su nombre?");
    expect(titleOf(defs.files)).toBe("Let's get started. What's your name?");
    expect(localized.words["form.next"]).toBe("Siguiente");
  });

  it("gives validation messages in Spanish from the Spanish set, the same rules judging", () => {
    const spanish = localizedSet(defs, es).defs;
    const english = createStepValidator(defs, "name")({ user: {} }, { today: TODAY });
    const result = createStepValidator(spanish, "name")({ user: {} }, { today: TODAY });
    expect(result.valid).toBe(english.valid);
    expect(result.errors.map((e) => e.pointer)).toEqual(english.errors.map((e) => e.pointer));
    expect(result.errors[0]!.message).toBe("Nombre: es obligatorio");
    expect(english.errors[0]!.message).toBe("First name is required");
    expect(
      createStepValidator(spanish, "email")({ user: { email: "jane@" } }, { today: TODAY }).errors[0]!
        .message,
    ).toBe("Correo electrónico: debe ser una dirección de correo electrónico válida");
  });

  it("has every Spanish translation of the repository current (none stale)", () => {
    const [report] = translationReport(defs);
    expect(report!.locale).toBe("es");
    expect(report!.stale).toEqual([]);
    expect(report!.translated).toBeGreaterThan(100);
  });
});

describe("Spanish for the application's screens (issue 41, item 4)", () => {
  const TRANSLATED = [
    "steps/application/declarations.json",
    "schemas/declarations.json",
    "steps/application/demographics.json",
    "schemas/demographics.json",
    "steps/application/coborrower-details.json",
    "steps/application/coborrower-consent.json",
    "steps/application/coborrower-review.json",
    "steps/application/coborrower-sign.json",
    "steps/application/application-summary.json",
    "schemas/us-states.json",
    "schemas/application.json",
    "schemas/common.json",
  ];

  it("leaves no string of the declarations, demographics, co-borrower screens or state names in English", () => {
    const [report] = translationReport(defs);
    const left = report!.missing.filter((m) => TRANSLATED.includes(m.source));
    expect(left.map((m) => `${m.source}#${m.pointer}: ${m.english}`)).toEqual([]);
  });

  it("asks the declarations and the demographic questions in Spanish, with the URLA's letters and the HMDA categories", () => {
    const { files } = localizeFiles(defs.files, defs.texts, es);
    const declarations = files.steps["application/declarations.json"] as { title: string };
    expect(declarations.title).toBe("Declaraciones");
    const demographics = files.schemas["demographics.json"] as {
      properties: Record<string, { title: string }>;
    };
    expect(demographics.properties["isHispanicOrLatino"]!.title).toBe("Hispano o latino");
    expect(demographics.properties["isNativeAmerican"]!.title).toBe(
      "Indígena estadounidense o nativo de Alaska",
    );
    const states = files.schemas["us-states.json"] as {
      $defs: { usState: { oneOf: { const: string; title: string }[] } };
    };
    const title = (code: string) => states.$defs.usState.oneOf.find((s) => s.const === code)?.title;
    expect([title("NY"), title("NC"), title("TX")]).toEqual(["Nueva York", "Carolina del Norte", "Texas"]);
  });
});

describe("Spanish for the prequalification variant and the schemas' remaining titles", () => {
  it("leaves no string of the prequal funnel's steps, the upload records or the condition answer forms in English", () => {
    const [report] = translationReport(defs);
    const left = report!.missing.filter(
      (m) => m.source.startsWith("steps/prequal/") || m.source.startsWith("schemas/"),
    );
    expect(left.map((m) => `${m.source}#${m.pointer}: ${m.english}`)).toEqual([]);
  });

  it("asks the prequal variant's questions in Spanish, with the early funnel's words for the same question", () => {
    const { files } = localizeFiles(defs.files, defs.texts, es);
    const step = (path: string) => files.steps[path] as { title: string; description: string };
    expect(step("prequal/address.json").title).toBe("¿Dónde está la vivienda?");
    expect(step("prequal/derogatory.json").description).toBe(step("initial-setup/has-fbm.json").description);
    const upload = files.schemas["upload.json"] as { properties: Record<string, { title: string }> };
    expect(upload.properties["contentType"]!.title).toBe("Tipo de archivo");
  });
});

describe("stale and missing translations", () => {
  it("marks the translation stale, at its file, line and column, when its English label changes; the Spanish page shows the English", () => {
    const changed = withEnglishTitle("Let's begin. What is your name?");
    const [report] = translationReport(changed);
    const stale = withPositions(report!.stale, changed.texts as Map<string, string>);
    expect(stale).toHaveLength(1);
    expect(stale[0]).toMatchObject({ file: TRANSLATION, pointer: "/strings/~1title" });
    expect(stale[0]!.line).toBeGreaterThan(1);
    expect(stale[0]!.column).toBeGreaterThan(0);
    expect(stale[0]!.message).toContain("Let's begin. What is your name?");
    // Never the old Spanish sentence for a new English one.
    expect(titleOf(localizeFiles(changed.files, changed.texts, es).files)).toBe(
      "Let's begin. What is your name?",
    );
    // The rest of the step is still in Spanish.
    expect(
      (localizeFiles(changed.files, changed.texts, es).files.steps[NAME] as { label: string }).label,
    ).toBe("Nombre");
  });

  it("lists an English string with no translation as missing, with the hash a translation records", () => {
    // The repository translates the declarations; without that file, its title is missing.
    const texts = new Map(defs.texts);
    texts.delete("content/locales/es/steps/application/declarations.json");
    const [report] = translationReport({ ...defs, texts });
    const missing = report!.missing.find(
      (m) => m.source === "steps/application/declarations.json" && m.pointer === "/title",
    );
    expect(missing).toBeDefined();
    expect(missing!.en).toBe(englishHash(missing!.english));
  });

  it("refuses a translation of a pointer with no English text, and one filed under another source's path", () => {
    const wrong = withText("content/locales/es/steps/initial-setup/zip.json", {
      translates: NAME.replace(/^/, "steps/"),
      strings: { "/nothingHere": { en: "0000000000000000", text: "Nada" } },
    });
    const messages = translationProblems(wrong).map((p) => `${p.file}#${p.pointer}: ${p.message}`);
    expect(messages).toContainEqual(expect.stringContaining('has no English text at "/nothingHere"'));
    expect(messages).toContainEqual(expect.stringContaining(`so it must be ${TRANSLATION}`));
  });

  it("requires a legal text's translation to say whether a reviewer approved it", () => {
    const source = "content/disclosures/e-sign-consent.md";
    const english = defs.texts!.get(source)!;
    const file = "content/locales/es/content/disclosures/e-sign-consent.md.json";
    const unmarked = withText(file, {
      translates: source,
      strings: { "": { en: englishHash(english), text: "Consentimiento" } },
    });
    expect(translationProblems(unmarked).map((p) => p.message)).toContainEqual(
      expect.stringContaining("must say whether a reviewer approved it"),
    );
    // A whole text's translation keeps the English's front matter facts and tokens (texts.ts).
    const whole = english.replace(/\n\n/, "\n\nConsentimiento.\n\n");
    const marked = withText(file, {
      translates: source,
      strings: { "": { en: englishHash(english), text: whole, reviewed: false } },
    });
    expect(translationProblems(marked)).toEqual([]);
  });
});

describe("legal texts locked", () => {
  const id = "e-sign-consent";
  const file = `content/disclosures/${id}.md`;
  const english = defs.texts!.get(file)!;
  const spanishText = english.replace(
    /^(---[\s\S]*?---\n)[\s\S]*$/,
    "$1Consentimiento para registros electrónicos (texto revisado de prueba).\n",
  );
  const translated = (entry: Record<string, unknown>) =>
    withText(`content/locales/es/${file}.json`, {
      translates: file,
      strings: { "": { text: spanishText, ...entry } },
    }).texts;

  it("shows a disclosure in Spanish only from a reviewed translation of the English as it reads now", () => {
    const reviewed = readDisclosureIn(id, translated({ en: englishHash(english), reviewed: true }), "es")!;
    expect(reviewed.language).toBe("es");
    expect(reviewed.body).toContain("Consentimiento");
    const unreviewed = readDisclosureIn(id, translated({ en: englishHash(english), reviewed: false }), "es")!;
    expect(unreviewed).toMatchObject({ language: "en", source: english });
    const stale = readDisclosureIn(id, translated({ en: englishHash(`${english} `), reviewed: true }), "es")!;
    expect(stale).toMatchObject({ language: "en", source: english });
  });

  it("names the language in the signature's record of a document, and re-makes a Spanish record's text from its translation", () => {
    const texts = translated({ en: englishHash(english), reviewed: true });
    const inSpanish = signedDocument(readDisclosureIn(id, texts, "es")!, {});
    expect(inSpanish.language).toBe("es");
    const { text, ...record } = inSpanish;
    expect(recordedText(record, texts)).toMatchObject({ ok: true, text });
    expect(signedDocument(readDisclosureIn(id, defs.texts, "es")!, {}).language).toBe("en");
  });
});

describe("the site's own words (content/site.json, content/home.json)", () => {
  const SITE = "content/site.json";
  const siteEnglish = defs.texts!.get(SITE)!;
  const siteSpanish = JSON.parse(defs.texts!.get("content/locales/es/content/site.json")!) as {
    strings: Record<string, { en: string; text: string }>;
  };

  it("keeps the frame's current Spanish (web build), and leaves a string whose English changed in English", () => {
    expect(currentContentStrings(siteEnglish, siteSpanish)["/account/signIn"]).toBe("Iniciar sesión");
    const changed = siteEnglish.replace('"signIn": "Sign in"', '"signIn": "Log in"');
    expect(changed).not.toBe(siteEnglish);
    const current = currentContentStrings(changed, siteSpanish);
    expect(current["/account/signIn"]).toBeUndefined();
    expect(current["/account/signOut"]).toBe("Cerrar sesión");
    // The build's module for Spanish is made the same way, with the engine's words beside.
    const built = localeContent("es");
    expect(built.content["content/home.json"]!["/choices/0/label"]).toBe("Vivienda principal");
    expect(built.words["frame.skipToMain"]).toBe("Ir al contenido principal");
  });

  it("reports a content string whose English changed as stale, and one never translated as missing; paths and ids are not words", () => {
    const texts = new Map(defs.texts);
    texts.set(SITE, siteEnglish.replace('"signIn": "Sign in"', '"signIn": "Log in"'));
    const [report] = translationReport({ ...defs, texts });
    expect(report!.stale.map((p) => p.pointer)).toEqual(["/strings/~1account~1signIn"]);
    texts.set(SITE, siteEnglish.replace('"footerNote"', '"newNote": "A new sentence.", "footerNote"'));
    const [withNew] = translationReport({ ...defs, texts });
    expect(withNew!.missing.filter((m) => m.source === SITE)).toMatchObject([
      { pointer: "/newNote", english: "A new sentence." },
    ]);
    expect(contentStrings({ nav: [{ to: "/faq", label: "FAQ" }], start: "/app", name: "Brand" })).toEqual([
      "/nav/0/label",
    ]);
  });
});

describe("the loan's status page in Spanish", () => {
  it("is in the Spanish module of the web build, with the status page's own words", () => {
    const status = localeContent("es").content["content/loan-status.json"]!;
    expect(status["/title"]).toBe("Su préstamo");
    expect(status["/signIn"]).toBe("Inicie sesión");
  });

  it("lets a translation write the tokens its English writes, and no other", () => {
    const file = "content/locales/es/content/loan-status.json";
    expect(tokenAllowed(file, "endDate")).toBe(true);
    expect(tokenAllowed(file, "pdfAccessCode")).toBe(false);
    expect(
      tokenAllowed("content/locales/es/content/disclosures/e-sign-pdf-check.md.json", "pdfAccessCode"),
    ).toBe(true);
  });
});

describe("which sources an applicant reads (content/locales/untranslated.json)", () => {
  const LIST = "content/locales/untranslated.json";
  const listed = JSON.parse(defs.texts!.get(LIST)!) as { sources: Record<string, string> };
  const withList = (sources: Record<string, string>) => withText(LIST, { ...listed, sources });

  it("counts no string of the loan file, the staff's or the API's schemas as missing, and counts them once off the list", () => {
    const [report] = translationReport(defs);
    const sources = new Set(report!.missing.map((m) => m.source));
    for (const source of Object.keys(listed.sources)) expect(sources.has(source)).toBe(false);
    const { ["schemas/loan-file.json"]: _loanFile, ...rest } = listed.sources;
    const [counted] = translationReport(withList(rest));
    expect(counted!.missing.filter((m) => m.source === "schemas/loan-file.json").length).toBeGreaterThan(10);
  });

  it("lists no schema that an applicant's form draws titles from (a step's, or a condition's answer form)", () => {
    const read = schemasFormsRead(defs.files);
    expect(read.get("schemas/user.json")).toMatch(/^steps\//);
    expect(read.get("schemas/condition-answers.json")).toBe("rules/conditions.json");
    expect(Object.keys(listed.sources).filter((s) => read.has(s))).toEqual([]);
  });

  it("refuses a listed source an applicant reads, one that does not exist, and one without its reason", () => {
    const messages = translationProblems(
      withList({
        ...listed.sources,
        "schemas/user.json": "staff only",
        "schemas/no-such.json": "gone",
        "schemas/upload.json": " ",
      }),
    ).map((p) => `${p.pointer}: ${p.message}`);
    expect(messages).toContainEqual(
      expect.stringMatching(
        /^\/sources\/schemas~1user\.json: an applicant reads schemas\/user\.json: steps\//,
      ),
    );
    expect(messages).toContainEqual("/sources/schemas~1no-such.json: schemas/no-such.json does not exist");
    expect(messages).toContainEqual(
      "/sources/schemas~1upload.json: must say where the source's words are shown, if not to an applicant",
    );
    expect(translationProblems(defs)).toEqual([]);
  });
});

describe("the server's refusals with a value written into them", () => {
  it("writes a said word in Spanish with its values, a value Spanish translates translated", () => {
    const open = said("refusal.disclosures.openFirst", { title: { text: "Important Terms of Our HELOC" } });
    expect(saidIn(defs, es, open)).toBe(
      "Abra “Important Terms of Our HELOC” en esta página y léalo antes de continuar",
    );
    expect(saidIn(defs, es, said("refusal.upload.tooLarge", { limit: "15 MB" }))).toBe(
      "El archivo es demasiado grande: el límite es de 15 MB.",
    );
    const invite = said("refusal.invite.email", { role: { text: "Co-borrower", lower: true } });
    expect(englishOf(invite)).toBe("Enter your co-borrower's email address, so we can send them a link");
    expect(saidIn(defs, es, invite)).toBe(
      "Ingrese la dirección de correo electrónico de su coprestatario para que podamos enviarle un enlace",
    );
    expect(saidIn(defs, localeOf(defs.texts, "en"), open)).toBe(englishOf(open));
  });

  it("writes a day in the reader's language and a name as it is", () => {
    const already = said("refusal.cancel.already", { name: "Ana Ruiz", date: { date: "2026-10-14" } });
    expect(englishOf(already)).toBe(
      "This line was already cancelled by Ana Ruiz on Wednesday, October 14, 2026.",
    );
    expect(saidIn(defs, es, already)).toBe(
      "Ana Ruiz ya canceló esta línea de crédito el miércoles, 14 de octubre de 2026.",
    );
  });

  it("writes a list of values and a word within a word", () => {
    const titles = { list: [{ text: "Co-borrower" }, "Plan B"] };
    expect(englishOf(said("refusal.disclosures.incompleteToSign", { titles }))).toContain(
      "cannot be signed: Co-borrower, Plan B.",
    );
    expect(saidIn(defs, es, said("refusal.disclosures.incompleteToSign", { titles }))).toContain(
      "Coprestatario, Plan B",
    );
  });

  it("gives a definition's own message by its English, and leaves a sentence that is no string of them", () => {
    const [reason] = [...defs.steps.values()].flatMap((s) => (s.def.dueReason ? [s.def.dueReason] : []));
    expect(reason).toBeDefined();
    expect(refusalIn(defs, es, reason!)).not.toBe(reason);
    expect(refusalIn(defs, es, "Staff wrote this note")).toBe("Staff wrote this note");
    // An engine word's English is no longer read back: it is said by id.
    expect(refusalIn(defs, es, englishOf(said("refusal.noApplication")))).toBe(
      englishOf(said("refusal.noApplication")),
    );
  });
});

describe("the lender profile's facts in Spanish", () => {
  const profile = readLenderProfile();

  it("writes the support hours and the license table's headings in Spanish, the licenses themselves as stated", () => {
    const tokens = lenderTokens(profile, lenderInLanguage(defs.texts, "es", profile));
    expect(tokens.supportHours).toBe(
      "De lunes a viernes, de 9 a.m. a 6 p.m., hora del Pacífico (horario de muestra)",
    );
    expect(tokens.licenseTable!.split("\n")[0]).toBe("| Estado | Tipo de licencia | Número de licencia |");
    expect(tokens.licenseTable).toContain(profile.licenses[0]!.number);
    expect(lenderTokens(profile, lenderInLanguage(defs.texts, "en", profile))).toEqual(lenderTokens(profile));
  });

  it("shows a profile's own hours in English when the translation was made from other hours (another deployment's profile)", () => {
    const own = { ...profile, supportHours: "Every day, 8 a.m. to 8 p.m. Eastern time" };
    expect(lenderTokens(own, lenderInLanguage(defs.texts, "es", own)).supportHours).toBe(own.supportHours);
  });

  it("builds the Spanish licensing and FAQ pages with them", () => {
    expect(localizedPage("es", "license").html).toContain("<th>Tipo de licencia</th>");
    expect(localizedPage("es", "faq").html).toContain("hora del Pacífico");
    expect(localizedPage("es", "faq").html).not.toContain("Pacific time");
  });
});

describe("the sign-in messages (rules/auth-errors.json)", () => {
  const SOURCE = "rules/auth-errors.json";

  it("counts each error's words and its words by credential, not the file's title or description", () => {
    const [report] = translationReport({ ...defs, texts: withoutFile(`content/locales/es/${SOURCE}`) });
    const missing = report!.missing.filter((m) => m.source === SOURCE).map((m) => m.pointer);
    expect(missing).toContain("/params/messages/CredentialsSignin");
    expect(missing).toContain("/params/byCredential/code/CredentialsSignin");
    expect(missing).not.toContain("/description");
    expect(missing).not.toContain("/title");
  });

  it("gives the server's Spanish set the Spanish words, and leaves one whose English changed in English", () => {
    const words = (set: Definitions) =>
      (
        localizedSet(set, es).defs.files.rules["auth-errors.json"] as {
          params: { messages: Record<string, string> };
        }
      ).params.messages;
    expect(words(defs).RateLimited).toBe("Demasiados intentos. Espere unos minutos e inténtelo de nuevo.");
    const rules = structuredClone(defs.files.rules);
    (
      rules["auth-errors.json"] as { params: { messages: Record<string, string> } }
    ).params.messages.RateLimited = "Too many tries. Wait a few minutes.";
    expect(words({ ...defs, files: { ...defs.files, rules } }).RateLimited).toBe(
      "Too many tries. Wait a few minutes.",
    );
  });
});

function withoutFile(file: string): Map<string, string> {
  const texts = new Map(defs.texts);
  texts.delete(file);
  return texts;
}

describe("a step's other words an applicant reads", () => {
  it("counts a list's add button and item name, a choice's enum names, a notice's message and the same-as choices", () => {
    const pointers = stepStrings({
      uiSchema: {
        debts: {
          "ui:options": { addLabel: "Add a debt", itemLabel: "Debt", orderable: false },
          items: { debtor: { "ui:enumNames": { joint: "Joint (both of you)" } } },
        },
      },
      notices: [{ id: "n", description: "for editors", field: "/debts", message: "These are your debts." }],
      sameAs: {
        "/property": {
          title: "Is it one of these?",
          other: "Another",
          fields: ["line1"],
          choices: [{ from: "/a", label: "{line1}" }],
        },
      },
    });
    expect(pointers.sort()).toEqual(
      [
        "/uiSchema/debts/ui:options/addLabel",
        "/uiSchema/debts/ui:options/itemLabel",
        "/uiSchema/debts/items/debtor/ui:enumNames/joint",
        "/notices/0/message",
        "/sameAs/~1property/title",
        "/sameAs/~1property/other",
        "/sameAs/~1property/choices/0/label",
      ].sort(),
    );
  });

  it("counts a borrower's part like a step (its checks and field titles), and a page's own lists, links and delivery words", () => {
    const pointers = stepStrings({
      eachBorrower: {
        schema: { properties: { a: { title: "A. Primary residence" } } },
        checks: [{ description: "for editors", message: "Enter an amount" }],
      },
      uiSchema: {
        "ui:options": {
          items: ["We review your application."],
          links: [{ label: "Upload your documents", to: "/app/upload" }],
          deliveryPreference: { heading: "How we send you documents" },
        },
      },
    });
    expect(pointers.sort()).toEqual(
      [
        "/eachBorrower/schema/properties/a/title",
        "/eachBorrower/checks/0/message",
        "/uiSchema/ui:options/items/0",
        "/uiSchema/ui:options/links/0/label",
        "/uiSchema/ui:options/deliveryPreference/heading",
      ].sort(),
    );
  });
});
