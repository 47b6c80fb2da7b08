// The lender's facts (content/lender.json, schemas/lender.json) as the texts use them: every page,
// notice and disclosure that names the lender writes {{legalName}}, {{supportEmail}}... and is
// filled from this one profile. Also what makes a profile unfit for production (an empty field, a
// sample value) and what counts as a placeholder left in applicant-facing text. Pure: runs in the
// build, the server and the browser.
import { diffDays, isIsoDate } from "../base/dates.ts";
import { formatCurrency } from "../base/format.ts";
// Loaded with the Vite config too (web/build's markdown plugin), before its aliases exist: relative.
// eslint-disable-next-line no-restricted-imports
import statements from "../../content/statements.json" with { type: "json" };
import type { LenderProfile } from "../generated/schema-types";
import { LENDER_WORDS, type LenderWordId } from "../locale/lender-words.ts";

export type { LenderProfile };

const TOKEN = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

/** "100 Main Street, Suite 1, Springfield, IL 62701". */
export const oneLineAddress = (a: LenderProfile["address"]) =>
  [a.line1, a.line2, a.city, `${a.state} ${a.zip}`].filter((part) => part && part.trim() !== "").join(", ");

const cell = (text: string) => text.replace(/\|/g, "\\|");

/** Where this site serves the CFPB booklet PDF the lender supplies (profile heloc.booklet.pdfPath). */
export const BOOKLET_PDF_ROUTE = "/api/notices/heloc-booklet.pdf";

/** The lender's facts as another language writes them (engine/lending/lender-text.ts); none: English. */
export interface LenderInLanguage {
  /** The support hours in the language (content/lender.json /supportHours translated). */
  supportHours?: string;
  /** The license table's headings in the language (engine words). */
  words?: Partial<Record<LenderWordId, string>>;
}

/** The values of the lender tokens texts may write, by name; in another language, its words where it has them. */
export function lenderTokens(profile: LenderProfile, local: LenderInLanguage = {}): Record<string, string> {
  const word = (id: LenderWordId) => local.words?.[id] ?? LENDER_WORDS[id];
  const heading = (id: LenderWordId) => cell(word(id));
  return {
    legalName: profile.legalName,
    nmlsId: profile.nmlsId,
    lenderAddress: oneLineAddress(profile.address),
    supportPhone: profile.supportPhone,
    supportEmail: profile.supportEmail,
    supportHours: local.supportHours ?? profile.supportHours,
    privacyEmail: profile.privacy.email,
    privacyPhone: profile.privacy.phone,
    complaintsEmail: profile.complaintsEmail,
    governingLawState: profile.governingLawState,
    paperCopyYears: String(profile.paperCopyYears),
    ecoaAgencyName: profile.ecoaAgency.name,
    ecoaAgencyAddress: profile.ecoaAgency.address,
    // Markdown blocks, for the licensing page.
    licenseTable: [
      `| ${heading("lender.licenses.state")} | ${heading("lender.licenses.type")} | ${heading("lender.licenses.number")} |`,
      "|---|---|---|",
      ...profile.licenses.map((l) => `| ${cell(l.state)} | ${cell(l.type)} | ${cell(l.number)} |`),
    ].join("\n"),
    stateNotices: profile.licenses
      .filter((l) => l.notice)
      // The notice is quoted as the state words it, in English, and marked so on a page in another language.
      .map(
        (l) =>
          `- **${l.state}:** <span lang="en">${l.notice}</span> ${word("lender.licenses.noticeNumber").replace("{number}", l.number)}`,
      )
      .join("\n"),
    // The HELOC terms the Regulation Z disclosures state (1026.40(d)).
    rateIndex: profile.heloc.index.name,
    indexSource: profile.heloc.index.source,
    rateChangeFrequency: profile.heloc.rateChanges.frequency,
    annualCapSentence:
      profile.heloc.rateChanges.annualCap === "none"
        ? "Apart from the maximum rate below, there is no limit on how much the rate can change in one year."
        : `The rate cannot rise by more than ${percentPoints(profile.heloc.rateChanges.annualCap)} in one year.`,
    thirdPartyFeeLow: formatCurrency(profile.heloc.thirdPartyFees.low),
    thirdPartyFeeHigh: formatCurrency(profile.heloc.thirdPartyFees.high),
    // The CFPB booklet (1026.40(e)): the lender's own PDF on this site when supplied, else the CFPB's address.
    bookletUrl: profile.heloc.booklet.url,
    bookletHref: profile.heloc.booklet.pdfPath ? BOOKLET_PDF_ROUTE : profile.heloc.booklet.url,
    historicalAsOf: profile.heloc.historicalIndex.asOf,
    historicalSource: profile.heloc.historicalIndex.source,
    // The product's one statement about credit pulls (content/statements.json), for every text that speaks of it.
    creditPullStatement: statements.creditPull,
  };
}

const percentPoints = (points: number) => `${points} percentage point${points === 1 ? "" : "s"}`;

/**
 * The text with every {{name}} replaced by the lender's value; a token that is not a lender token
 * is an error naming it (a typo must not reach an applicant), unless `keepOthers` leaves it for a
 * later fill (disclosures: the server fills the offer's figures).
 */
export function fillLenderText(
  text: string,
  profile: LenderProfile,
  { keepOthers = false, file = "text" } = {},
): string {
  const values = lenderTokens(profile);
  return text.replace(TOKEN, (whole, name: string) => {
    if (Object.hasOwn(values, name)) return values[name]!;
    if (keepOthers) return whole;
    throw new Error(
      `${file}: {{${name}}} is not a field of the lender profile (content/lender.json); known: ${Object.keys(values).join(", ")}`,
    );
  });
}

/** A placeholder or lender-facing note in text meant for applicants, with what it says. */
const PLACEHOLDERS: { pattern: RegExp; what: string }[] = [
  { pattern: /\[(?:[A-Z][A-Z0-9]*[ ,./-]*){1,16}\]/g, what: "a bracketed placeholder" },
  { pattern: /\[e\.g\.[^\]]*\]/g, what: "an example placeholder" },
  { pattern: /<mark>\[(?!e\.g\.|(?:[A-Z][A-Z0-9]*[ ,./-]*)+\])[^\]]*\]/g, what: "a marked placeholder" },
  { pattern: /\b(?!name@)[\w.+-]+@example\.(?:com|org|net)\b/g, what: "an example address" },
  { pattern: /Note for the lender/gi, what: "a note for the lender" },
  // A comment in a text is a note to whoever edits it ("Compliance: attach the booklet here"): the page hides it, the work it asks for is not done.
  { pattern: /<!--[\s\S]*?(?:-->|$)/g, what: "a note left in a comment" },
  { pattern: /\[not available yet\]/g, what: "a missing value" },
];

/** Each placeholder in a text: what it is and the text it matched. */
export function placeholdersIn(text: string): { what: string; text: string }[] {
  return PLACEHOLDERS.flatMap(({ pattern, what }) =>
    [...text.matchAll(pattern)].map((m) => ({ what, text: m[0] })),
  );
}

/** A value that cannot be a real lender's: empty, sample-marked, a reserved domain or a fictional number. */
const SAMPLE_VALUE = /\bsample\b|\.invalid\b|\.test\b|@example\.|\(555\) 01\d|^\s*$|\[[A-Z]/i;

/**
 * Why this profile cannot go live, as JSON pointers with the reason ("/legalName is a sample
 * value"); empty when every field holds a real value and the profile says production.
 */
export function productionGaps(profile: LenderProfile): string[] {
  const gaps: string[] = [];
  if (profile.status !== "production") gaps.push(`/status is "${profile.status}", not "production"`);
  const walk = (value: unknown, pointer: string) => {
    if (pointer === "/status" || pointer === "/$schema") return;
    // The second address line may be empty, never a sample ("Suite 1 (sample address)").
    if (
      pointer === "/address/line2" &&
      (value === null || (typeof value === "string" && value.trim() === ""))
    )
      return;
    if (typeof value === "string") {
      if (value.trim() === "") gaps.push(`${pointer} is empty`);
      else if (SAMPLE_VALUE.test(value)) gaps.push(`${pointer} is a sample value`);
    } else if (Array.isArray(value)) {
      if (!value.length) gaps.push(`${pointer} is empty`);
      value.forEach((v, i) => walk(v, `${pointer}/${i}`));
    } else if (value && typeof value === "object")
      for (const [k, v] of Object.entries(value)) walk(v, `${pointer}/${k}`);
  };
  walk(profile, "");
  const { thirdPartyFees, historicalIndex } = profile.heloc ?? {};
  if (thirdPartyFees && thirdPartyFees.high < thirdPartyFees.low)
    gaps.push("/heloc/thirdPartyFees/high is below low");
  const years = [...(historicalIndex?.values ?? [])]
    .map((v) => v.year)
    .sort((a, b) => a - b)
    .slice(-15);
  if (years.length < 15 || years.some((year, i) => i > 0 && year !== years[i - 1]! + 1))
    gaps.push("/heloc/historicalIndex/values does not give 15 consecutive years");
  return gaps;
}

/** The pricing figures the HELOC disclosures state (rules/pricing.json params.pricing), each a number. */
export const DISCLOSED_PRICING = [
  "indexRate",
  "maximumApr",
  "minimumDraw",
  "drawPeriodYears",
  "repaymentPeriodYears",
  "originationFeeRate",
  "minimumOriginationFee",
] as const;

/**
 * Why the pricing rules cannot back the disclosures (a figure they state is missing, or there is no
 * margin for a credit range), as "params.pricing.<name> ..." lines; empty when complete.
 */
export function pricingGaps(pricing: Record<string, unknown> | undefined): string[] {
  const gaps = DISCLOSED_PRICING.filter((name) => typeof pricing?.[name] !== "number").map(
    (name) => `params.pricing.${name} is empty`,
  );
  const margins = pricing?.marginByCreditRange;
  if (
    !margins ||
    typeof margins !== "object" ||
    !Object.values(margins).length ||
    Object.values(margins).some((m) => typeof m !== "number")
  )
    gaps.push("params.pricing.marginByCreditRange is empty");
  if (!isIsoDate(pricing?.indexRateAsOf)) gaps.push("params.pricing.indexRateAsOf is empty");
  if (typeof pricing?.indexMaxAgeDays !== "number") gaps.push("params.pricing.indexMaxAgeDays is empty");
  return gaps;
}

/**
 * Names a profile might use for a figure whose one home is the pricing rules, and that home
 * (params.pricing.<name>): a profile that states one is refused, so the two can never disagree.
 */
export const PRICING_HOMES: Readonly<Record<string, string>> = {
  indexRate: "indexRate",
  currentIndex: "indexRate",
  margin: "marginByCreditRange",
  margins: "marginByCreditRange",
  marginByCreditRange: "marginByCreditRange",
  maximumApr: "maximumApr",
  lifetimeCap: "maximumApr",
  minimumDraw: "minimumDraw",
};

/** One place where the profile and the pricing rules contradict each other in what the disclosures state. */
export interface PricingConflict {
  /** Which file holds the figure to change (the profile, rules/pricing.json or rules/licensing.json). */
  in: "profile" | "pricing" | "licensing";
  /** A JSON pointer into that file (a rule set's file: /params/<name>). */
  pointer: string;
  message: string;
}

const pct = (n: number) => `${Math.round(n * 1000) / 1000}%`;

/**
 * Where the lender profile and the pricing rules (rules/pricing.json params.pricing) contradict
 * each other in what the HELOC disclosures state. Each fact has one home: the profile holds the
 * index's name and source, how often and how much the rate may change in a year, the third-party
 * fees and the index's history; the pricing rules hold the current index value, the margins by
 * credit range, the lifetime maximum APR and the minimum draw (compliance reviews them there, with
 * worked cases, and the offer is priced from them). What remains to check is that the two sets of
 * figures fit together: the important terms say the rate is the index plus the margin (so no
 * margin may start above the maximum), the annual cap is in percentage points below the maximum
 * (a larger one is a slip of units), and the first draw fits in the smallest line.
 */
export function pricingConflicts(
  profile: LenderProfile,
  pricing: Record<string, unknown> | undefined,
): PricingConflict[] {
  const out: PricingConflict[] = [];
  const num = (name: string) => (typeof pricing?.[name] === "number" ? (pricing[name] as number) : null);
  const indexRate = num("indexRate");
  const maximumApr = num("maximumApr");
  const margins =
    pricing?.marginByCreditRange && typeof pricing.marginByCreditRange === "object"
      ? (pricing.marginByCreditRange as Record<string, unknown>)
      : {};
  if (indexRate !== null && maximumApr !== null)
    for (const [range, margin] of Object.entries(margins))
      if (typeof margin === "number" && indexRate + margin > maximumApr)
        out.push({
          in: "pricing",
          pointer: "/params/maximumApr",
          message: `${pct(maximumApr)} is below the index value (${pct(indexRate)}) plus the "${range}" margin (${pct(margin)}): the offer would be capped, yet the important terms say the rate is the index plus the margin`,
        });
  const cap = profile.heloc?.rateChanges?.annualCap;
  if (typeof cap === "number" && maximumApr !== null && cap >= maximumApr)
    out.push({
      in: "profile",
      pointer: "/heloc/rateChanges/annualCap",
      message: `${cap} percentage points a year is not below the maximum APR (rules/pricing.json params.pricing.maximumApr, ${pct(maximumApr)}): the yearly limit is in percentage points`,
    });
  const minimumDraw = num("minimumDraw");
  const minimumLine = num("minimumLine");
  if (minimumDraw !== null && minimumLine !== null && minimumDraw > minimumLine)
    out.push({
      in: "pricing",
      pointer: "/params/minimumDraw",
      message: `${formatCurrency(minimumDraw)} is above the smallest line (params.pricing.minimumLine, ${formatCurrency(minimumLine)}): its first draw could not be made`,
    });
  return out;
}

/**
 * Where the lender profile's licenses and the states the funnel serves (rules/licensing.json
 * params.licensing.states) disagree: a state served without a license would lend where the lender
 * may not; a license the funnel does not serve would tell applicants on the licensing page that we
 * lend where the funnel refuses them. The profile names states ("California"), the rules key them
 * by USPS code with the same name.
 */
export function licensingConflicts(
  profile: LenderProfile,
  licensing: Record<string, unknown> | undefined,
): PricingConflict[] {
  const states =
    licensing?.states && typeof licensing.states === "object"
      ? (licensing.states as Record<string, { name?: unknown }>)
      : {};
  const licensed = new Set(profile.licenses.map((l) => l.state.trim().toLowerCase()));
  const served = new Map(
    Object.entries(states).map(([code, s]) => [
      String(s?.name ?? "")
        .trim()
        .toLowerCase(),
      code,
    ]),
  );
  const out: PricingConflict[] = [];
  for (const [name, code] of served)
    if (!licensed.has(name))
      out.push({
        in: "licensing",
        pointer: `/params/states/${code}`,
        message: `the funnel serves ${code} ("${states[code]?.name}") but the lender profile has no license there (content/lender.json licenses)`,
      });
  profile.licenses.forEach((l, i) => {
    if (!served.has(l.state.trim().toLowerCase()))
      out.push({
        in: "profile",
        pointer: `/licenses/${i}/state`,
        message: `the license in ${l.state} has no state in rules/licensing.json params.states: the licensing page would list a state the funnel refuses`,
      });
  });
  return out;
}

/**
 * The latest January whose index value the 15-year table (1026.40(d)(12)(xi)) must show on `today`:
 * this year's from January 10 (the table's values are those of the first business day of January;
 * the lender has a week to add it), else last year's.
 */
export function latestJanuary(today: string): number {
  const year = Number(today.slice(0, 4));
  return today.slice(5) >= "01-10" ? year : year - 1;
}

/**
 * Figures the disclosures state that are out of date on `today` (1026.40(d)(5)(iii), (d)(12)(xi)):
 * the current index value read longer ago than params.pricing.indexMaxAgeDays, or a historical
 * table that lacks the latest January. Each names its file and field; empty when fresh.
 */
export function staleFigures(
  profile: LenderProfile,
  pricing: Record<string, unknown> | undefined,
  today: string,
): PricingConflict[] {
  const out: PricingConflict[] = [];
  const asOf = pricing?.indexRateAsOf;
  const maxAge = pricing?.indexMaxAgeDays;
  if (!isIsoDate(asOf))
    out.push({
      in: "pricing",
      pointer: "/params/indexRateAsOf",
      message: "is not a date: the current index value (params.pricing.indexRate) must say when it was read",
    });
  else if (typeof maxAge === "number") {
    const age = diffDays(asOf, today);
    if (age > maxAge)
      out.push({
        in: "pricing",
        pointer: "/params/indexRateAsOf",
        message: `the index value (params.pricing.indexRate) was read on ${asOf}, ${age} days ago: older than params.pricing.indexMaxAgeDays (${maxAge}); read the index again`,
      });
    else if (age < 0)
      out.push({
        in: "pricing",
        pointer: "/params/indexRateAsOf",
        message: `${asOf} is after today (${today})`,
      });
  }
  const years = (profile.heloc?.historicalIndex?.values ?? []).map((v) => v.year);
  const latest = latestJanuary(today);
  const newest = years.length ? Math.max(...years) : null;
  if (newest === null || newest < latest)
    out.push({
      in: "profile",
      pointer: "/heloc/historicalIndex/values",
      message: `ends at ${newest ?? "no year"}: the 15-year table lacks the index value of January ${latest}`,
    });
  return out;
}

export const isSample = (profile: LenderProfile) => profile.status !== "production";
