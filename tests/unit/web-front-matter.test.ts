import { describe, expect, it } from "vitest";
import { parseFrontMatter } from "@web/build/front-matter";

describe("content front matter", () => {
  it("reads key: value lines, quoted strings, numbers and booleans", () => {
    const file = parseFrontMatter(
      "---\ntitle: HELOC or loan: which fits?\nquoted: \"a \\\"b\\\"\"\nsingle: 'it''s'\nminutes: 4\ndraft: false\n---\n# Body\n",
    );
    expect(file.attributes).toEqual({
      title: "HELOC or loan: which fits?",
      quoted: 'a "b"',
      single: "it's",
      minutes: 4,
      draft: false,
    });
    expect(file.body).toBe("# Body\n");
  });

  it("treats a file without front matter as all body", () => {
    expect(parseFrontMatter("# Only body")).toEqual({ attributes: {}, body: "# Only body" });
  });

  it("names the file and line of a line it cannot read", () => {
    expect(() => parseFrontMatter("---\ntitle: ok\nnot a pair\n---\n", "faq.md")).toThrow(/faq\.md:3/);
  });
});
