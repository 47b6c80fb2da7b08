import { describe, expect, it } from "vitest";
import type { Definitions } from "@engine/definitions/definitions";
import { zipPrefixProblems } from "@engine/lending/zip-prefixes";

const withTable = (zipPrefixes: { from: string; to: string; state: string }[]) =>
  ({ params: { licensing: { zipPrefixes } } }) as unknown as Definitions;

describe("rules/licensing.json's ZIP-prefix table (npm run check)", () => {
  it("takes ranges that each give a prefix one state", () => {
    expect(
      zipPrefixProblems(
        withTable([
          { from: "010", to: "027", state: "MA" },
          { from: "028", to: "029", state: "RI" },
        ]),
      ),
    ).toEqual([]);
  });

  it("refuses a range written backwards, which would match no ZIP and let those homes past the state gate", () => {
    expect(zipPrefixProblems(withTable([{ from: "027", to: "010", state: "MA" }]))).toEqual([
      expect.objectContaining({
        file: "rules/licensing.json",
        pointer: "/params/zipPrefixes/0",
        message: expect.stringContaining("runs backwards"),
      }),
    ]);
  });

  it("refuses a prefix given to two states, naming both places", () => {
    expect(
      zipPrefixProblems(
        withTable([
          { from: "010", to: "027", state: "MA" },
          { from: "027", to: "029", state: "RI" },
        ]),
      ),
    ).toEqual([
      expect.objectContaining({
        pointer: "/params/zipPrefixes/1",
        message: expect.stringMatching(/027 is RI here and MA at \/params\/zipPrefixes\/0/),
      }),
    ]);
  });
});
