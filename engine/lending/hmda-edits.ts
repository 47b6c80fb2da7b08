// The CFPB's syntactical and validity edits for the HMDA fields this product fills (the edit
// numbers and rules of the CFPB's published edit descriptions, hmda-platform
// common/src/main/resources/<year>EditsDescriptions.txt). A row that breaks one is named with the
// edit's number, so the file is fixed before it is filed, not after the CFPB's platform refuses it.
import { uliCheckDigits } from "./uli";

type Row = Map<string, string>;

export interface EditFailure {
  edit: string;
  /** 1 for the transmittal sheet, then 2, 3, ... for the LAR rows, as the file's line numbers. */
  line: number;
  message: string;
}

interface RowEdit {
  id: string;
  message: string;
  holds(row: Row, year: number): boolean;
}

const blank = (v: string | undefined) => v === undefined || v === "";
const isIn = (v: string | undefined, list: string[]) => v !== undefined && list.includes(v);
const isDate = (v: string | undefined) => {
  if (!v || !/^\d{8}$/.test(v)) return false;
  const d = new Date(`${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10).replace(/-/g, "") === v;
};
const STATES =
  "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY AS GU MP PR VI".split(
    " ",
  );
const ETHNICITY = ["1", "11", "12", "13", "14", "2"];
const RACE = ["1", "2", "21", "22", "23", "24", "25", "26", "27", "3", "4", "41", "42", "43", "44", "5"];
const codesOf = (row: Row, prefix: string) =>
  [1, 2, 3, 4, 5].map((k) => row.get(`${prefix}${k}`) ?? "").filter((v) => v !== "");
const denials = (row: Row) =>
  [1, 2, 3, 4].map((k) => row.get(`denialReason${k}`) ?? "").filter((v) => v !== "");

const ROW_EDITS: RowEdit[] = [
  { id: "S300", message: "a LAR row must begin with 2", holds: (r) => r.get("recordId") === "2" },
  {
    id: "V608-1",
    message: "a ULI is 23 to 45 letters and digits",
    holds: (r) => /^[A-Za-z0-9]{23,45}$/.test(r.get("uli") ?? ""),
  },
  {
    id: "V609",
    message: "the ULI's check digits do not match (a transcription error)",
    holds: (r) => {
      const uli = r.get("uli") ?? "";
      return uli.length < 23 || uliCheckDigits(uli.slice(0, -2)) === uli.slice(-2);
    },
  },
  {
    id: "V610-1",
    message: "Application Date must be a valid YYYYMMDD date or NA",
    holds: (r) => r.get("applicationDate") === "NA" || isDate(r.get("applicationDate")),
  },
  {
    id: "V611",
    message: "Loan Type must be 1, 2, 3 or 4",
    holds: (r) => isIn(r.get("loanType"), ["1", "2", "3", "4"]),
  },
  {
    id: "V612-1",
    message: "Loan Purpose must be 1, 2, 31, 32, 4 or 5",
    holds: (r) => isIn(r.get("loanPurpose"), ["1", "2", "31", "32", "4", "5"]),
  },
  {
    id: "V613-3",
    message: "when Action Taken is 3, 4, 5 or 6, Preapproval must be 2",
    holds: (r) => !isIn(r.get("actionTaken"), ["3", "4", "5", "6"]) || r.get("preapproval") === "2",
  },
  {
    id: "V614-4",
    message: "an open-end line of credit has Preapproval 2",
    holds: (r) => r.get("openEndLineOfCredit") !== "1" || r.get("preapproval") === "2",
  },
  {
    id: "V615-1",
    message: "Construction Method must be 1 or 2",
    holds: (r) => isIn(r.get("constructionMethod"), ["1", "2"]),
  },
  {
    id: "V616",
    message: "Occupancy Type must be 1, 2 or 3",
    holds: (r) => isIn(r.get("occupancyType"), ["1", "2", "3"]),
  },
  {
    id: "V617",
    message: "Loan Amount must be a number of at least 0",
    holds: (r) => /^\d+(\.\d+)?$/.test(r.get("loanAmount") ?? ""),
  },
  {
    id: "V618",
    message: "Action Taken must be 1 to 8",
    holds: (r) => isIn(r.get("actionTaken"), ["1", "2", "3", "4", "5", "6", "7", "8"]),
  },
  {
    id: "V619-1",
    message: "Action Taken Date must be a valid YYYYMMDD date",
    holds: (r) => isDate(r.get("actionTakenDate")),
  },
  {
    id: "V619-2",
    message: "Action Taken Date must be in the reporting year",
    holds: (r, y) => (r.get("actionTakenDate") ?? "").startsWith(String(y)),
  },
  {
    id: "V619-3",
    message: "Action Taken Date must be on or after the Application Date",
    holds: (r) =>
      !isDate(r.get("applicationDate")) ||
      (r.get("actionTakenDate") ?? "") >= (r.get("applicationDate") ?? ""),
  },
  { id: "V620", message: "Street Address cannot be blank", holds: (r) => !blank(r.get("streetAddress")) },
  { id: "V621", message: "City cannot be blank", holds: (r) => !blank(r.get("city")) },
  {
    id: "V622",
    message: "with a Street Address, City, State and ZIP Code must be given (not NA)",
    holds: (r) =>
      isIn(r.get("streetAddress"), ["NA", "Exempt"]) ||
      ["city", "state", "zipCode"].every((k) => !blank(r.get(k)) && r.get(k) !== "NA"),
  },
  {
    id: "V623",
    message: "State must be a two-letter state code or NA",
    holds: (r) => r.get("state") === "NA" || STATES.includes(r.get("state") ?? ""),
  },
  {
    id: "V624",
    message: "ZIP Code must be 12345, 12345-1010, Exempt or NA",
    holds: (r) => /^(\d{5}(-\d{4})?|NA|Exempt)$/.test(r.get("zipCode") ?? ""),
  },
  {
    id: "V625-1",
    message: "Census Tract must be eleven digits or NA",
    holds: (r) => /^(\d{11}|NA)$/.test(r.get("censusTract") ?? ""),
  },
  {
    id: "V626",
    message: "County must be a five-digit FIPS code or NA",
    holds: (r) => /^(\d{5}|NA)$/.test(r.get("county") ?? ""),
  },
  {
    id: "V628-1",
    message: "Ethnicity of Applicant 1 must be 1, 11, 12, 13, 14, 2, 3 or 4",
    holds: (r) =>
      isIn(r.get("applicantEthnicity1"), [...ETHNICITY, "3", "4"]) || !blank(r.get("applicantEthnicityText")),
  },
  {
    id: "V628-2",
    message: "Ethnicity of Applicant 2 to 5 must be 1, 11, 12, 13, 14, 2 or blank",
    holds: (r) =>
      codesOf(r, "applicantEthnicity")
        .slice(1)
        .every((c) => ETHNICITY.includes(c)),
  },
  {
    id: "V628-3",
    message: "each Ethnicity of Applicant code is reported once",
    holds: (r) => new Set(codesOf(r, "applicantEthnicity")).size === codesOf(r, "applicantEthnicity").length,
  },
  {
    id: "V628-4",
    message: "with Ethnicity of Applicant 1 of 3 or 4, Ethnicity 2 to 5 are blank",
    holds: (r) =>
      !isIn(r.get("applicantEthnicity1"), ["3", "4"]) || codesOf(r, "applicantEthnicity").length === 1,
  },
  {
    id: "V629-1",
    message: "Ethnicity of Applicant Collected on the Basis of Visual Observation must be 1, 2 or 3",
    holds: (r) => isIn(r.get("applicantEthnicityObserved"), ["1", "2", "3"]),
  },
  {
    id: "V631-1",
    message: "Ethnicity of Co-Applicant 1 must be 1, 11, 12, 13, 14, 2, 3, 4 or 5",
    holds: (r) =>
      isIn(r.get("coApplicantEthnicity1"), [...ETHNICITY, "3", "4", "5"]) ||
      !blank(r.get("coApplicantEthnicityText")),
  },
  {
    id: "V634",
    message: "Ethnicity of Co-Applicant 1 is 5 (no co-applicant) exactly when its observation field is 4",
    holds: (r) =>
      (r.get("coApplicantEthnicity1") === "5") === (r.get("coApplicantEthnicityObserved") === "4"),
  },
  {
    id: "V635-1",
    message: "Race of Applicant 1 must be a race code, 6 or 7",
    holds: (r) =>
      isIn(r.get("applicantRace1"), [...RACE, "6", "7"]) ||
      ["applicantRaceNativeText", "applicantRaceAsianText", "applicantRacePacificText"].some(
        (k) => !blank(r.get(k)),
      ),
  },
  {
    id: "V635-2",
    message: "Race of Applicant 2 to 5 must be race codes or blank",
    holds: (r) =>
      codesOf(r, "applicantRace")
        .slice(1)
        .every((c) => RACE.includes(c)),
  },
  {
    id: "V635-3",
    message: "each Race of Applicant code is reported once",
    holds: (r) => new Set(codesOf(r, "applicantRace")).size === codesOf(r, "applicantRace").length,
  },
  {
    id: "V636-1",
    message: "Race of Applicant Collected on the Basis of Visual Observation must be 1, 2 or 3",
    holds: (r) => isIn(r.get("applicantRaceObserved"), ["1", "2", "3"]),
  },
  {
    id: "V638-1",
    message: "Race of Co-Applicant 1 must be a race code, 6, 7 or 8",
    holds: (r) =>
      isIn(r.get("coApplicantRace1"), [...RACE, "6", "7", "8"]) ||
      ["coApplicantRaceNativeText", "coApplicantRaceAsianText", "coApplicantRacePacificText"].some(
        (k) => !blank(r.get(k)),
      ),
  },
  {
    id: "V642-1",
    message: "Sex of Applicant must be 1, 2, 3, 4 or 6",
    holds: (r) => isIn(r.get("applicantSex"), ["1", "2", "3", "4", "6"]),
  },
  {
    id: "V646-1",
    message: "Sex of Co-Applicant must be 1, 2, 3, 4, 5 or 6",
    holds: (r) => isIn(r.get("coApplicantSex"), ["1", "2", "3", "4", "5", "6"]),
  },
  {
    id: "V651-1",
    message: "Age of Applicant must be a whole number greater than zero",
    holds: (r) => /^[1-9]\d*$/.test(r.get("applicantAge") ?? ""),
  },
  {
    id: "V652-1",
    message: "Age of Co-Applicant must be a whole number greater than zero",
    holds: (r) => /^[1-9]\d*$/.test(r.get("coApplicantAge") ?? ""),
  },
  {
    id: "V654-1",
    message: "Income must be a whole number of thousands or NA",
    holds: (r) => /^(-?\d+|NA)$/.test(r.get("income") ?? ""),
  },
  {
    id: "V656-2",
    message: "when Action Taken is 2, 3, 4, 5, 7 or 8, Type of Purchaser must be 0",
    holds: (r) =>
      !isIn(r.get("actionTaken"), ["2", "3", "4", "5", "7", "8"]) || r.get("purchaserType") === "0",
  },
  {
    id: "V657-2",
    message: "when Action Taken is 3, 4, 5, 6 or 7, Rate Spread must be NA or Exempt",
    holds: (r) =>
      !isIn(r.get("actionTaken"), ["3", "4", "5", "6", "7"]) || isIn(r.get("rateSpread"), ["NA", "Exempt"]),
  },
  {
    id: "V658-2",
    message: "when Action Taken is 2, 3, 4, 5, 7 or 8, HOEPA Status must be 3",
    holds: (r) => !isIn(r.get("actionTaken"), ["2", "3", "4", "5", "7", "8"]) || r.get("hoepaStatus") === "3",
  },
  { id: "V659", message: "Lien Status must be 1 or 2", holds: (r) => isIn(r.get("lienStatus"), ["1", "2"]) },
  {
    id: "V660-1",
    message: "Credit Score of Applicant must be a number",
    holds: (r) => /^\d+$/.test(r.get("applicantCreditScore") ?? ""),
  },
  {
    id: "V661",
    message: "Credit Score of Applicant is 8888 exactly when the scoring model is 9",
    holds: (r) => (r.get("applicantCreditScore") === "8888") === (r.get("applicantScoreModel") === "9"),
  },
  {
    id: "V666-2",
    message: "Credit Score of Co-Applicant is 9999 (no co-applicant) exactly when its model is 10",
    holds: (r) => (r.get("coApplicantCreditScore") === "9999") === (r.get("coApplicantScoreModel") === "10"),
  },
  {
    id: "V669-1",
    message: "Reason for Denial 1 must be 1 to 10 or 1111",
    holds: (r) => isIn(r.get("denialReason1"), ["1111", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]),
  },
  {
    id: "V669-2",
    message: "Reason for Denial 2 to 4 must be 1 to 9 or blank",
    holds: (r) =>
      denials(r)
        .slice(1)
        .every((c) => isIn(c, ["1", "2", "3", "4", "5", "6", "7", "8", "9"])),
  },
  {
    id: "V669-3",
    message: "each Reason for Denial code is reported once",
    holds: (r) => new Set(denials(r)).size === denials(r).length,
  },
  {
    id: "V670-1",
    message: "when Action Taken is 3 or 7, Reason for Denial 1 must be 1 to 9 or 1111",
    holds: (r) => !isIn(r.get("actionTaken"), ["3", "7"]) || !isIn(r.get("denialReason1"), ["10", ""]),
  },
  {
    id: "V670-3",
    message: "when Action Taken is 1, 2, 4, 5, 6 or 8, Reason for Denial 1 must be 10 or 1111",
    holds: (r) =>
      !isIn(r.get("actionTaken"), ["1", "2", "4", "5", "6", "8"]) ||
      isIn(r.get("denialReason1"), ["10", "1111"]),
  },
  {
    id: "V671-1",
    message: "a Reason for Denial of 9 needs its free-form text",
    holds: (r) => !denials(r).includes("9") || !blank(r.get("denialReasonText")),
  },
  {
    id: "V672-4",
    message: "an open-end line of credit has Total Loan Costs NA or Exempt",
    holds: (r) => r.get("openEndLineOfCredit") !== "1" || isIn(r.get("totalLoanCosts"), ["NA", "Exempt"]),
  },
];

/** Every edit the transmittal sheet and rows break, with the file's line numbers. */
export function runEdits(ts: Row, rows: Row[], year: number): EditFailure[] {
  const out: EditFailure[] = [];
  const fail = (edit: string, line: number, message: string) => out.push({ edit, line, message });
  if (ts.get("recordId") !== "1") fail("S300", 1, "the first row must begin with 1");
  if (ts.get("calendarYear") !== String(year)) fail("S302", 1, "the calendar year is not the filing year");
  if (ts.get("totalEntries") !== String(rows.length))
    fail("S304", 1, "the total number of entries does not match the LAR rows");
  if (!/^[A-Za-z0-9]{20}$/.test(ts.get("lei") ?? ""))
    fail("V600", 1, "the LEI must be 20 letters and digits");
  if (
    ["institutionName", "contactName", "contactEmail", "contactStreet", "contactCity"].some((k) =>
      blank(ts.get(k)),
    )
  )
    fail("V601", 1, "the institution's name and the contact's name, email, street and city are required");
  if (ts.get("calendarQuarter") !== "4") fail("V602", 1, "the calendar quarter must be 4");
  if (!/^\d{3}-\d{3}-\d{4}$/.test(ts.get("contactPhone") ?? ""))
    fail("V603", 1, "the contact's phone must be 999-999-9999");
  if (!STATES.includes(ts.get("contactState") ?? ""))
    fail("V604", 1, "the contact's state must be a two-letter state code");
  if (!/^\d{5}(-\d{4})?$/.test(ts.get("contactZip") ?? ""))
    fail("V605", 1, "the contact's ZIP code must be 12345 or 12345-1010");
  if (!/^[1-9]\d*$/.test(ts.get("totalEntries") ?? ""))
    fail("V606", 1, "the total number of entries must be a whole number above zero");
  if (!/^\d{2}-\d{7}$/.test(ts.get("taxId") ?? ""))
    fail("V607", 1, "the Federal Taxpayer Identification Number must be 99-9999999");
  rows.forEach((row, i) => {
    const line = i + 2;
    if (row.get("lei") !== ts.get("lei")) fail("S301", line, "the row's LEI is not the transmittal sheet's");
    for (const edit of ROW_EDITS) if (!edit.holds(row, year)) fail(edit.id, line, edit.message);
  });
  return out;
}

/** The edit numbers this module runs (for the docs and tests). */
export const IMPLEMENTED_EDITS = [
  ...new Set([
    "S300",
    "S301",
    "S302",
    "S304",
    "V600",
    "V601",
    "V602",
    "V603",
    "V604",
    "V605",
    "V606",
    "V607",
    ...ROW_EDITS.map((e) => e.id),
  ]),
];
