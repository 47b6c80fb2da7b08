// Which sides of the chosen photo ID the borrower (or co-borrower: `ui:options.borrower`) will
// upload, from the document catalogue (rules/document-types.json, read through
// engine/lending/catalogue.ts) and the answers as they are now. Before a choice, its table in
// words: which IDs need only the front, which the front and back.
import { roleLabel } from "@engine/funnel/members";
import { isBorrowerRole, ownerRole, roleWords, wordsFor } from "@engine/lending/borrowers";
import { idTypes, idTypeTitle } from "@engine/lending/catalogue";
import { chosenIdType, idSides, inSentence, sidesByIdType } from "@engine/lending/documents";
import { listed } from "@engine/locale/form-words";
import { displayWord } from "@engine/locale/display-words";
import type { DisplayProps } from "@engine/react/StepForm";
import { sideWord } from "./checklist/styles";
import { useDisplayStyles } from "./styles";

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
/** The sides, as the sentence that names them fills them in: one side, or several listed. */
const sidesOf = (sides: string[]): Record<string, string> =>
  sides.length === 1 ? { side: sideWord(sides[0]!) } : { sides: listed(sides.map(sideWord)) };

export function IdDocumentSides({ defs, options, answers, reader }: DisplayProps) {
  const styles = useDisplayStyles();
  const role = isBorrowerRole(defs, options.borrower) ? options.borrower : ownerRole(defs);
  const labelOf = (type: string) => idTypeTitle(defs, type) ?? type;

  const idType = chosenIdType(answers, role);
  if (idType !== null && idTypes(defs).includes(idType)) {
    const sides = idSides(defs, idType);
    // The reader's own ID, or another borrower's, named by their role.
    const own = wordsFor(defs, role, reader).whose === roleWords(defs, ownerRole(defs)).whose;
    const one = sides.length === 1;
    return (
      <p className={styles.callout} aria-live="polite">
        {own
          ? displayWord(one ? "idSides.own.one" : "idSides.own.many", {
              count: sides.length,
              document: lowerFirst(labelOf(idType)),
              ...sidesOf(sides),
            })
          : displayWord(one ? "idSides.member.one" : "idSides.member.many", {
              count: sides.length,
              role: inSentence(roleLabel(defs, role)),
              document: lowerFirst(labelOf(idType)),
              ...sidesOf(sides),
            })}
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
      {byFewestSides
        .map(([sides, types]) => {
          const each = sides.split(",");
          return displayWord(each.length === 1 ? "idSides.types.one" : "idSides.types.many", {
            types: listed(types),
            ...sidesOf(each),
          });
        })
        .join(" ")}
    </p>
  );
}
