// A UI schema's ui:order lists, as the form reads them (RJSF's orderProperties): without "*", a property
// of the object the list leaves out makes the form show a configuration error and the raw schema
// instead of the step; a name that is not a property is dropped without a word (a misspelt name
// then leaves its field out); a name listed twice shows its field twice. So each list names every
// property of its object once, or puts one "*" where the rest go.
import { isObject } from "../base/objects";
import { suggest } from "../base/text";
import type { DefinitionFiles, Problem } from "../definitions/definitions";
import { expand, type SchemaAt } from "../definitions/schema-walk";
import { conjuncts } from "./schema-sense";

const namesIn = (schemas: SchemaAt[]) =>
  new Set(
    schemas.flatMap(({ schema }) => (isObject(schema.properties) ? Object.keys(schema.properties) : [])),
  );

/**
 * One ui:order list against the object it orders (`schemas`: that object's schemas, as the walk of
 * ./ui-fields.ts finds them); `at` is the pointer of the UI entry that holds it.
 */
export function checkUiOrder(
  files: DefinitionFiles,
  schemas: SchemaAt[],
  order: unknown,
  file: string,
  at: string,
  problems: Problem[],
): void {
  if (!Array.isArray(order) || !schemas.length) return;
  // What the form orders: the object's properties and those its $ref and allOf add; a name of a
  // oneOf/anyOf branch may be listed too (the form leaves it out where the branch is not chosen).
  const always = namesIn(schemas.flatMap((s) => conjuncts(files, s)));
  const known = namesIn(schemas.flatMap((s) => expand(files, s)));
  const listed = new Set<string>();
  order.forEach((entry, i) => {
    const name = String(entry);
    const pointer = `${at}/ui:order/${i}`;
    if (listed.has(name))
      problems.push({
        file,
        pointer,
        message:
          name === "*"
            ? `"*" is listed twice: the form shows a configuration error instead of this step`
            : `"${name}" is listed twice: the form would show its field twice`,
      });
    else if (name !== "*" && !known.has(name))
      problems.push({
        file,
        pointer,
        message: `"${name}" is not a field here, so the form leaves it out${suggest(name, [...known])}`,
      });
    listed.add(name);
  });
  const left = [...always].filter((name) => !listed.has(name));
  if (left.length && !listed.has("*"))
    problems.push({
      file,
      pointer: `${at}/ui:order`,
      message: `leaves out ${left.map((n) => `"${n}"`).join(", ")} and has no "*" for the rest: the form shows a configuration error instead of this step`,
    });
}
