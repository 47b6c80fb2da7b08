// Which sides of the chosen photo ID the borrower (or co-borrower: `ui:options.borrower`) will
// upload, from the document catalogue (rules/document-types.json, read through
// engine/lending/catalogue.ts) and the answers as they are now. Before a choice, its table in
// words: which IDs need only the front, which the front and back.
import { isBorrowerRole, ownerRole, wordsFor } from "@engine/lending/borrowers";
import { idTypes, idTypeTitle } from "@engine/lending/catalogue";
import { chosenIdType, idSides, sidesByIdType } from "@engine/lending/documents";
import type { DisplayProps } from "@engine/react/StepForm";
import { useDisplayStyles } from "./styles";

/** "a, b and c" */
const listOf = (items: string[]) =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const sidesText = (sides: string[]) => (sides.length === 1 ? `the ${sides[0]} only` : `the ${listOf(sides)}`);

export function IdDocumentSides({ defs, options, answers, reader }: DisplayProps) {
  const styles = useDisplayStyles();
  const role = isBorrowerRole(defs, options.borrower) ? options.borrower : ownerRole(defs);
  const labelOf = (type: string) => idTypeTitle(defs, type) ?? type;

  const idType = chosenIdType(answers, role);
  if (idType !== null && idTypes(defs).includes(idType)) {
    const sides = idSides(defs, idType);
    const words = wordsFor(defs, role, reader);
    return (
      <p className={styles.callout} aria-live="polite">
        {upperFirst(words.who)} will upload {sides.length === 1 ? "one photo" : `${sides.length} photos`} of{" "}
        {words.own} {lowerFirst(labelOf(idType))}: {sidesText(sides)}. Make sure every corner is visible and
        the text is readable.
      </p>
    );
  }

  // The catalogue's ID types, grouped by the sides each ID type needs.
  const groups = new Map<string, string[]>();
  for (const [type, sides] of Object.entries(sidesByIdType(defs)))
    groups.set(sides.join(","), [...(groups.get(sides.join(",")) ?? []), labelOf(type)]);
  const byFewestSides = [...groups].sort(([a], [b]) => a.split(",").length - b.split(",").length);
  return (
    <p className={styles.note} aria-live="polite">
      {byFewestSides.map(([sides, types]) => `${listOf(types)}: ${sidesText(sides.split(","))}.`).join(" ")}
    </p>
  );
}
