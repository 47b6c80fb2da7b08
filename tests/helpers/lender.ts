// A complete lender profile marked production (content/lender.json ships a sample one): the fixture
// for tests of what a live lender's texts and start-up look like.
import { todayIso } from "@engine/base/dates";
import { latestJanuary, type LenderProfile } from "@engine/lending/lender";
import { copyDefinitions } from "./definitions";

export const productionLender: LenderProfile = {
  status: "production",
  legalName: "Hearthline Lending, LLC",
  nmlsId: "1234567",
  address: { line1: "200 Market Street", line2: null, city: "San Francisco", state: "CA", zip: "94105" },
  supportPhone: "(415) 555-2300",
  supportEmail: "help@hearthline.com",
  supportHours: "Monday to Friday, 9 a.m. to 6 p.m. Pacific time",
  privacy: { email: "privacy@hearthline.com", phone: "(415) 555-2301" },
  complaintsEmail: "complaints@hearthline.com",
  governingLawState: "California",
  paperCopyYears: 7,
  licenses: [{ state: "California", type: "California Financing Law license", number: "60DBO-123456" }],
  ecoaAgency: { name: "Federal Trade Commission, Equal Credit Opportunity", address: "Washington, DC 20580" },
  heloc: {
    index: {
      name: "the Prime Rate published in the Money Rates table of The Wall Street Journal",
      source: "The Wall Street Journal, Money Rates table",
    },
    rateChanges: { frequency: "monthly, on the first day of a billing cycle", annualCap: 2 },
    thirdPartyFees: { low: 300, high: 1200 },
    booklet: { url: "https://files.consumerfinance.gov/f/documents/cfpb_heloc-brochure.pdf", pdfPath: null },
    historicalIndex: {
      asOf: "the first business day of January",
      source: "The Wall Street Journal Prime Rate",
      values: [3.25, 3.25, 3.25, 3.25, 3.25, 3.5, 3.75, 4.5, 5.5, 4.75, 3.25, 3.25, 7.5, 8.5, 7.5].map(
        (rate, i) => ({ year: 2011 + i, rate }),
      ),
    },
  },
};

/**
 * The production profile on the day a test runs: its index history carried on to the latest January
 * (at the last value), as a live lender keeps it; a production server refuses a table without it.
 */
export const liveLender: LenderProfile = (() => {
  const values = [...productionLender.heloc.historicalIndex.values];
  for (let year = values.at(-1)!.year + 1; year <= latestJanuary(todayIso()); year++)
    values.push({ year, rate: values.at(-1)!.rate });
  return {
    ...productionLender,
    heloc: {
      ...productionLender.heloc,
      historicalIndex: { ...productionLender.heloc.historicalIndex, values },
    },
  };
})();

/**
 * A copy of the definitions whose index value was read today, as a live lender keeps it
 * (rules/pricing.json params.pricing.indexRateAsOf): a production server refuses a stale one.
 */
export function freshDefinitions() {
  const copy = copyDefinitions();
  copy.edit("rules/pricing.json", (rules) => (rules.params.indexRateAsOf = todayIso()));
  return copy;
}
