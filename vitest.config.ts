// Four projects, each its own npm script (test:unit, test:definitions, test:api, test:e2e); `vitest run`
// runs all.
// The machine the tests are measured on has 2 cores: each project runs 2 files at a time
// (vitest's default would be cores - 1 = 1). Unit files share one module graph per worker
// (isolate: false): they import the engine, not a server, and none keeps state between files.
// e2e files share one Chromium per worker and, where they ask, a server per worker
// (tests/e2e/browser.ts); isolate: false keeps both between the files of a worker.
import { defineConfig } from "vitest/config";
import { pathAliases } from "./scripts/path-aliases.mjs";

export default defineConfig({
  resolve: { alias: pathAliases() },
  test: {
    testTimeout: 30_000,
    // Servers start in beforeAll: with two files at a time on two cores, 10 s (the default) is too short under load.
    hookTimeout: 60_000,
    // Every test asserts something: a test that makes no expect() fails.
    expect: { requireAssertions: true },
    reporters: ["default", "./tests/helpers/summary-reporter.ts"],
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], maxWorkers: 2, isolate: false },
      },
      {
        // Whole definition sets copied, edited and checked (about 3 s each), the command lines run as
        // processes and timings of long inputs: kept out of the everyday loop (npm run test:unit). A
        // unit file with such tests has its slow half here under the same name; tests/unit/
        // test-projects.test.ts keeps copies and processes out of the unit project.
        extends: true,
        test: {
          name: "definitions",
          include: ["tests/definitions/**/*.test.ts"],
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts", "tests/hardening/**/*.test.ts"],
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: { name: "e2e", include: ["tests/e2e/**/*.test.ts"], maxWorkers: 2, isolate: false },
      },
    ],
  },
});
