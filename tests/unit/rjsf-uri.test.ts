// RJSF's two fast-uri calls, answered in the web build by web/build/rjsf-uri.ts (the browser's URL
// parser): the same answers as fast-uri's on the URIs JSON Schema $ids and $refs use.
import fastUri from "fast-uri";
import { describe, expect, it } from "vitest";
import rjsfUri from "@web/build/rjsf-uri";

describe("the web build's URI calls for RJSF", () => {
  it("resolve a $ref against a base as fast-uri does", () => {
    const cases: [string, string][] = [
      ["https://heloc.local/steps/application/a.json", "../../schemas/common.json#/$defs/text"],
      ["https://heloc.local/schemas/user.json", "#/properties/firstName"],
      ["https://heloc.local/schemas/user.json", "address.json"],
      ["https://heloc.local/a/b/", "./c.json#x"],
      ["https://heloc.local/a/b", "https://other.example/s.json"],
    ];
    for (const [base, ref] of cases)
      expect(rjsfUri.resolve(base, ref), `${base} + ${ref}`).toBe(fastUri.resolve(base, ref));
  });

  it("compare $ids as fast-uri does", () => {
    const cases: [string, string][] = [
      ["https://heloc.local/schemas/user.json", "https://heloc.local/schemas/user.json"],
      ["HTTPS://Heloc.Local/schemas/user.json", "https://heloc.local/schemas/user.json"],
      ["https://heloc.local:443/schemas/user.json", "https://heloc.local/schemas/user.json"],
      ["https://heloc.local/schemas/user.json#", "https://heloc.local/schemas/user.json"],
      ["https://heloc.local/schemas/user.json", "https://heloc.local/schemas/address.json"],
    ];
    for (const [a, b] of cases) expect(rjsfUri.equal(a, b), `${a} = ${b}`).toBe(fastUri.equal(a, b));
  });
});
