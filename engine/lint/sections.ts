// `npm run check` on a step's sections: every field of the step is in exactly one section (a field
// in none would never be shown, one in two would be asked twice), and section ids are unique.
import type { DefinitionFiles, Problem } from "../definitions/definitions";
import type { Step } from "../generated/schema-types";
import { escapeSegment, isWithin } from "../base/pointer";
import { propertyNamesAt, type SchemaAt } from "../definitions/schema-walk";
import { isObject } from "../base/objects";

/** True when the step's uiSchema hides the field (`ui:widget: hidden`): it needs no section. */
function hiddenByLayout(uiSchema: unknown, segments: string[]): boolean {
  let node = uiSchema;
  for (const key of segments) {
    if (!isObject(node)) return false;
    node = node[key];
  }
  return isObject(node) && node["ui:widget"] === "hidden";
}

export function checkSections(
  files: DefinitionFiles,
  stepRoot: SchemaAt,
  file: string,
  step: Step,
  problems: Problem[],
  checkPointer: (field: string, pointer: string) => void,
) {
  const sections = step.sections;
  if (!sections) return;
  const ids = new Set<string>();
  const owner = new Map<string, number>();
  sections.forEach((section, i) => {
    if (ids.has(section.id))
      problems.push({
        file,
        pointer: `/sections/${i}/id`,
        message: `section id "${section.id}" is used twice`,
      });
    ids.add(section.id);
    section.fields.forEach((field, j) => {
      const at = `/sections/${i}/fields/${j}`;
      checkPointer(field, at);
      for (const [other, k] of owner)
        if (isWithin(field, other) || isWithin(other, field))
          problems.push({
            file,
            pointer: at,
            message: `field "${field}" is also in section "${sections[k]!.id}" ("${other}"): a field is asked in one section`,
          });
      owner.set(field, i);
    });
  });
  // Every field the step asks, walked down to the first pointer a section covers.
  const walk = (segments: string[], depth: number) => {
    const pointer = segments.map((s) => `/${escapeSegment(s)}`).join("");
    if ([...owner.keys()].some((f) => isWithin(pointer, f))) return;
    if (hiddenByLayout(step.uiSchema, segments)) return;
    const names = depth < 8 ? propertyNamesAt(files, stepRoot, segments) : [];
    if (segments.length > 0 && names.length === 0) {
      problems.push({
        file,
        pointer: "/sections",
        message: `field "${pointer}" is in no section, so it would never be shown`,
      });
      return;
    }
    for (const name of names) walk([...segments, name], depth + 1);
  };
  walk([], 0);
}
