// Which sides of the chosen photo ID the borrower (or co-borrower: `ui:options.borrower`) will
// upload, from rules/identity-documents.json evaluated on the answers as they are now. Before a
// choice, the rule's table in words: which IDs need only the front, which the front and back.
import { getAt } from "../../../../../engine/pointer";
import type { DisplayProps } from "../../../../../engine/react/StepForm";
import { evaluateRuleSet } from "../../../../../engine/rules";
import { useDisplayStyles } from "./styles";

interface Sides {
  borrower: string;
  idType: string;
  sides: string[];
  needsBack: boolean;
}

const RULE_SET = "identity-documents";

/** "a, b and c" */
const listOf = (items: string[]) => (items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const sidesText = (sides: string[]) => (sides.length === 1 ? `the ${sides[0]} only` : `the ${listOf(sides)}`);

export function IdDocumentSides({ defs, options, answers }: DisplayProps) {
  const styles = useDisplayStyles();
  const role = options.borrower === "coborrower" ? "coborrower" : "borrower";
  const enums = defs.files.schemas["enums.json"] as { $defs?: Record<string, { oneOf?: { const: string; title: string }[] }> } | undefined;
  const labels = new Map((enums?.$defs?.idDocumentSubtype?.oneOf ?? []).map((o) => [o.const, o.title]));
  const labelOf = (type: string) => labels.get(type) ?? type;

  const idType = getAt(answers, `/identityVerification/${role}/idType`);
  let chosen: Sides | undefined;
  if (typeof idType === "string" && labels.has(idType)) {
    try {
      const { outputs } = evaluateRuleSet(defs, RULE_SET, { setup: { hasCoborrower: true }, identityVerification: { [role]: { idType } } });
      chosen = (outputs.sides as Sides[] | undefined)?.find((s) => s.borrower === role);
    } catch {
      chosen = undefined;
    }
  }

  const who = role === "borrower" ? "You" : "Your co-borrower";
  if (chosen) {
    const count = chosen.sides.length;
    return (
      <p className={styles.callout} aria-live="polite">
        {who} will upload {count === 1 ? "one photo" : `${count} photos`} of {role === "borrower" ? "your" : "their"} {lowerFirst(labelOf(chosen.idType))}:{" "}
        {sidesText(chosen.sides)}. Make sure every corner is visible and the text is readable.
      </p>
    );
  }

  // The table of rules/identity-documents.json, grouped by the sides each ID type needs.
  const table = (defs.params[RULE_SET]?.sidesByIdType ?? {}) as Record<string, string[]>;
  const groups = new Map<string, string[]>();
  for (const [type, sides] of Object.entries(table)) groups.set(sides.join(","), [...(groups.get(sides.join(",")) ?? []), labelOf(type)]);
  const byFewestSides = [...groups].sort(([a], [b]) => a.split(",").length - b.split(",").length);
  return (
    <p className={styles.note} aria-live="polite">
      {byFewestSides.map(([sides, types]) => `${listOf(types)}: ${sidesText(sides.split(","))}.`).join(" ")}
    </p>
  );
}
