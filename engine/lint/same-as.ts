// `npm run check` on a step's `sameAs`: each field is the step's (and the properties it names are
// the field's), each source is in the application, can be copied into the field (its required
// properties there, the others fitting), and each label quotes only the source's own fields.
import type { DefinitionFiles, Problem } from "../definitions/definitions";
import type { Step } from "../generated/schema-types";
import { copyMisfit, shapeOf } from "./fit";
import { suggest } from "./logic";
import { escapeSegment } from "../base/pointer";
import { propertyNamesAt, schemasAt, type SchemaAt } from "../definitions/schema-walk";

export function checkSameAs(
  files: DefinitionFiles,
  roots: { step: SchemaAt; application: SchemaAt | null },
  file: string,
  step: Step,
  problems: Problem[],
  checkPointer: (field: string, pointer: string) => void,
) {
  for (const [field, entry] of Object.entries(step.sameAs ?? {})) {
    const at = `/sameAs/${escapeSegment(field)}`;
    checkPointer(field, at);
    const targets = schemasAt(files, roots.step, field.split("/").slice(1));
    if (targets.length === 0) continue;
    const properties = shapeOf(files, targets).properties;
    entry?.fields?.forEach((name, i) => {
      if (!properties.has(name))
        problems.push({
          file,
          pointer: `${at}/fields/${i}`,
          message: `"${field}" has no property "${name}"${suggest(name, [...properties.keys()])}`,
        });
    });
    if (!roots.application) continue;
    entry?.choices.forEach((choice, i) => {
      const fromAt = `${at}/choices/${i}/from`;
      const segments = choice.from.split("/").slice(1);
      const sources = schemasAt(files, roots.application!, segments);
      if (sources.length === 0) {
        problems.push({
          file,
          pointer: fromAt,
          message: `"same as" source "${choice.from}" is not in the application${suggest(segments.at(-1) ?? "", propertyNamesAt(files, roots.application!, segments.slice(0, -1)))}`,
        });
        return;
      }
      const misfit = copyMisfit(files, sources, targets, entry.fields);
      if (misfit)
        problems.push({
          file,
          pointer: fromAt,
          message: `"same as" source "${choice.from}" cannot be copied into "${field}": ${misfit}`,
        });
      const names = shapeOf(files, sources).properties;
      for (const [, name] of choice.label.matchAll(/\{([A-Za-z][A-Za-z0-9]*)\}/g))
        if (!names.has(name!))
          problems.push({
            file,
            pointer: `${at}/choices/${i}/label`,
            message: `the label quotes {${name}} but "${choice.from}" has no "${name}"${suggest(name!, [...names.keys()])}`,
          });
    });
  }
}
