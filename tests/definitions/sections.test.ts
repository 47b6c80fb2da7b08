// npm run check on a step's sections, on edited copies of the definitions: the slow half of
// tests/unit/sections.test.ts, kept out of the everyday loop (npm run test:unit).
import { describe, expect, it } from "vitest";
import { problemText } from "@engine/lint/lint";
import { copyDefinitions, loadCopy } from "../helpers/definitions";
const messages = (copy: ReturnType<typeof copyDefinitions>) => loadCopy(copy).problems.map(problemText);

describe("npm run check on sections", () => {
  it("names a field that is in no section, so it would never be shown", () => {
    const copy = copyDefinitions();
    copy.edit("steps/application/personal-info.json", (s) => (s.sections[2].fields = ["/user/firstName"]));
    expect(messages(copy)).toEqual(
      expect.arrayContaining([
        'steps/application/personal-info.json#/sections: field "/user/citizenship" is in no section, so it would never be shown',
        'steps/application/personal-info.json#/sections/2/fields/0: field "/user/firstName" is also in section "personal-info.name" ("/user/firstName"): a field is asked in one section',
      ]),
    );
  });

  it("names a section field the step does not ask, and suggests the close one", () => {
    const copy = copyDefinitions();
    copy.edit(
      "steps/application/personal-info.json",
      (s) => (s.sections[2].fields = ["/user/citizenshp", "/user/maritalStatus", "/user/militaryStatus"]),
    );
    expect(messages(copy)).toContain(
      'steps/application/personal-info.json#/sections/2/fields/0: field "/user/citizenshp" is not in this step\'s answers, did you mean `citizenship`?',
    );
  });

  it("names a declaration left out of the template's sections where the file has it", () => {
    const copy = copyDefinitions();
    copy.edit("steps/application/declarations.json", (s) => s.eachBorrower.sections[1].fields.pop());
    expect(messages(copy).filter((m) => m.includes("bankruptcyChapter"))).toEqual([
      'steps/application/declarations.json#/sections: field "/user/declarations/bankruptcyChapter" is in no section, so it would never be shown',
      'steps/application/declarations.json#/sections: field "/coborrower/declarations/bankruptcyChapter" is in no section, so it would never be shown',
    ]);
  });
});
