// In production (NODE_ENV=production) the server does not start on a sample or incomplete lender
// profile: `npm start` prints one line naming the fields and exits.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@engine/base/paths";
import { startServer } from "@server/start";
import { copyDefinitions } from "../helpers/definitions";
import { todayIso } from "@engine/base/dates";
import { latestJanuary } from "@engine/lending/lender";
import { freshDefinitions, liveLender, productionLender } from "../helpers/lender";
import { testServer } from "../helpers/server";

const complete = productionLender;

function profileFile(profile: unknown) {
  const file = join(mkdtempSync(join(tmpdir(), "lender-")), "lender.json");
  writeFileSync(file, JSON.stringify(profile));
  return file;
}

describe("a production server and the lender profile", () => {
  it("refuses an incomplete profile, naming the empty field", async () => {
    const refusal = startServer({
      production: true,
      lenderFile: profileFile({ ...complete, legalName: "" }),
      dataDir: join(tmpdir(), "never-opened"),
    });
    await expect(refusal).rejects.toThrow(
      /^the lender profile \(.*lender\.json\) is not ready for production: \/legalName is empty$/,
    );
  });

  it("refuses a profile without a term the HELOC disclosures state, naming it", async () => {
    const noIndex = {
      ...complete,
      heloc: { ...complete.heloc, index: { ...complete.heloc.index, source: " " } },
    };
    const refusal = startServer({
      production: true,
      lenderFile: profileFile(noIndex),
      dataDir: join(tmpdir(), "never-opened"),
    });
    await expect(refusal).rejects.toThrow(/is not ready for production: \/heloc\/index\/source is empty$/);
  });

  it("refuses pricing rules whose minimum draw, which the disclosures state, is empty", async () => {
    const copy = copyDefinitions();
    copy.edit("rules/pricing.json", (rules) => (rules.params.minimumDraw = null));
    const refusal = startServer({
      production: true,
      lenderFile: profileFile(complete),
      definitions: copy.dirs,
      dataDir: join(tmpdir(), "never-opened"),
    });
    await expect(refusal).rejects.toThrow(
      /^the pricing rules \(rules\/pricing\.json\) are not ready for production: params\.pricing\.minimumDraw is empty$/,
    );
  });

  it("refuses a profile that states a pricing figure, naming its one home in the pricing rules", async () => {
    const withMargins = {
      ...complete,
      heloc: { ...complete.heloc, maximumApr: 18, margins: { excellent: 0.74 } },
    };
    const refusal = startServer({
      production: true,
      lenderFile: profileFile(withMargins),
      dataDir: join(tmpdir(), "never-opened"),
    });
    await expect(refusal).rejects.toThrow(
      "/heloc/maximumApr is a pricing figure: its one home is rules/pricing.json params.pricing.maximumApr, not the lender profile; /heloc/margins is a pricing figure: its one home is rules/pricing.json params.pricing.marginByCreditRange, not the lender profile",
    );
  });

  it("refuses a profile and pricing rules that disagree on what the disclosures state, naming the file and the field", async () => {
    // An annual cap of 20 points with a maximum APR of 18% (rules/pricing.json): a slip of units.
    const percentCap = {
      ...complete,
      heloc: { ...complete.heloc, rateChanges: { ...complete.heloc.rateChanges, annualCap: 20 } },
    };
    const refusal = startServer({
      production: true,
      lenderFile: profileFile(percentCap),
      dataDir: join(tmpdir(), "never-opened"),
    });
    await expect(refusal).rejects.toThrow(
      /^the lender profile \(.*lender\.json\) and the pricing rules \(rules\/pricing\.json\) disagree: .*lender\.json#\/heloc\/rateChanges\/annualCap 20 percentage points a year is not below the maximum APR \(rules\/pricing\.json params\.pricing\.maximumApr, 18%\): the yearly limit is in percentage points$/,
    );
  });

  it("refuses a profile without the CFPB booklet (1026.40(e)), naming it", async () => {
    const { booklet: _booklet, ...heloc } = complete.heloc;
    const refusal = startServer({
      production: true,
      lenderFile: profileFile({ ...complete, heloc }),
      dataDir: join(tmpdir(), "never-opened"),
    });
    await expect(refusal).rejects.toThrow(/lender\.json: \/heloc\/booklet Booklet is required$/);
    const noUrl = { ...complete, heloc: { ...complete.heloc, booklet: { url: "", pdfPath: null } } };
    await expect(
      startServer({
        production: true,
        lenderFile: profileFile(noUrl),
        dataDir: join(tmpdir(), "never-opened"),
      }),
    ).rejects.toThrow(/\/heloc\/booklet\/url /);
  });

  it("refuses a booklet PDF the profile names but the server does not have", async () => {
    const missing = {
      ...complete,
      heloc: {
        ...complete.heloc,
        booklet: { ...complete.heloc.booklet, pdfPath: "/no/such/heloc-booklet.pdf" },
      },
    };
    const refusal = startServer({
      production: true,
      lenderFile: profileFile(missing),
      dataDir: join(tmpdir(), "never-opened"),
    });
    await expect(refusal).rejects.toThrow(
      /is not ready for production: \/heloc\/booklet\/pdfPath names no readable file \(\/no\/such\/heloc-booklet\.pdf\)$/,
    );
  });

  it("serves the booklet PDF the lender supplies, and says there is none when it supplies none", async () => {
    const pdf = join(mkdtempSync(join(tmpdir(), "booklet-")), "heloc-booklet.pdf");
    writeFileSync(pdf, "%PDF-1.7\n% the lender's copy of the CFPB booklet\n");
    const withPdf = await testServer({
      lenderFile: profileFile({
        ...complete,
        heloc: { ...complete.heloc, booklet: { ...complete.heloc.booklet, pdfPath: pdf } },
      }),
    });
    try {
      const res = await fetch(`${withPdf.url}/api/notices/heloc-booklet.pdf`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(await res.text()).toContain("the lender's copy of the CFPB booklet");
    } finally {
      await withPdf.close();
    }
    const without = await testServer({ lenderFile: profileFile(complete) });
    try {
      expect((await fetch(`${without.url}/api/notices/heloc-booklet.pdf`)).status).toBe(404);
    } finally {
      await without.close();
    }
  });

  it("refuses an index value read longer ago than the configured age, naming the field and its age", async () => {
    const copy = copyDefinitions();
    copy.edit("rules/pricing.json", (rules) => {
      rules.params.indexRateAsOf = "2025-01-02";
      rules.params.indexMaxAgeDays = 31;
    });
    const refusal = startServer({
      production: true,
      lenderFile: profileFile(liveLender),
      definitions: copy.dirs,
      dataDir: join(tmpdir(), "never-opened"),
    });
    await expect(refusal).rejects.toThrow(
      /^the figures the disclosures state are out of date: rules\/pricing\.json#\/params\/indexRateAsOf the index value \(params\.pricing\.indexRate\) was read on 2025-01-02, \d+ days ago: older than params\.pricing\.indexMaxAgeDays \(31\)/,
    );
  });

  it("refuses a 15-year table that lacks the latest January, naming it", async () => {
    const refusal = startServer({
      production: true,
      lenderFile: profileFile(productionLender), // its table ends at 2025
      definitions: freshDefinitions().dirs,
      dataDir: join(tmpdir(), "never-opened"),
    });
    await expect(refusal).rejects.toThrow(
      `lender.json#/heloc/historicalIndex/values ends at 2025: the 15-year table lacks the index value of January ${latestJanuary(todayIso())}`,
    );
  });

  it("refuses a sample value in the second address line, naming it", async () => {
    const refusal = startServer({
      production: true,
      lenderFile: profileFile({
        ...liveLender,
        address: { ...liveLender.address, line2: "Suite 1 (sample address)" },
      }),
      definitions: freshDefinitions().dirs,
      dataDir: join(tmpdir(), "never-opened"),
    });
    await expect(refusal).rejects.toThrow(
      /^the lender profile \(.*lender\.json\) is not ready for production: \/address\/line2 is a sample value$/,
    );
  });

  it("refuses a state served without a license, naming the state in rules/licensing.json", async () => {
    const copy = freshDefinitions();
    copy.edit("rules/licensing.json", (rules) => (rules.params.states.TX = { name: "Texas" }));
    const refusal = startServer({
      production: true,
      lenderFile: profileFile(liveLender),
      definitions: copy.dirs,
      dataDir: join(tmpdir(), "never-opened"),
    });
    await expect(refusal).rejects.toThrow(
      /the licensed states \(rules\/licensing\.json\) disagree: rules\/licensing\.json#\/params\/states\/TX the funnel serves TX/,
    );
  });

  it("starts on a complete profile with fresh figures (no line2 at all)", async () => {
    const live = await testServer({
      production: true,
      lenderFile: profileFile(liveLender),
      definitions: freshDefinitions().dirs,
    });
    try {
      expect((await fetch(`${live.url}/readyz`)).status).toBe(200);
    } finally {
      await live.close();
    }
  });

  it("npm start with NODE_ENV=production and the sample profile prints one line and exits 1", async () => {
    const run = spawn(join(REPO_ROOT, "node_modules/.bin/tsx"), ["server/main.ts"], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: "0",
        DATA_DIR: mkdtempSync(join(tmpdir(), "heloc-prod-")),
      },
    });
    let stderr = "";
    run.stderr.on("data", (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => run.on("exit", resolve));
    expect(code).toBe(1);
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Not starting: the lender profile \(content\/lender\.json\) is not ready for production: \/status is "sample", not "production"; \/legalName is a sample value;/,
    );
  });
});
