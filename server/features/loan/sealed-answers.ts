// Information-condition answers at rest: the fields of an answer's form that its schema marks
// sealed (schemas/condition-answers.json: the written answer, and an address's street lines, as
// the application's own are in schemas/address.json) are sealed with the application's cipher
// (AES-256-GCM, services.cipher) before the loan file is written, and opened only for the staff
// who review the answer. Which fields are sealed is the schema's choice, not code's.
import type { LoanFile } from "@engine/generated/schema-types";
import { answerForms } from "@engine/lending/condition-forms";
import { mapSensitive, sensitiveFields, type SensitiveField } from "@engine/validation/sensitive";
import type { Services } from "@server/services";

type Condition = LoanFile["conditions"][number];
type Answer = Record<string, unknown>;

// By the definitions object (a definitions reload makes a new one) and the answer's informationType.
const fieldsByDefs = new WeakMap<object, Map<string, SensitiveField[]>>();

/** The sealed fields of an informationType's answer: its form's schema's (rules/conditions.json params.answerForms). */
function fieldsOf(services: Pick<Services, "defs">, informationType: string): SensitiveField[] {
  let byType = fieldsByDefs.get(services.defs);
  if (!byType) fieldsByDefs.set(services.defs, (byType = new Map()));
  let fields = byType.get(informationType);
  if (!fields) {
    const ref = (answerForms(services.defs)[informationType]?.schema as { $ref?: unknown } | undefined)?.$ref;
    // The form's schema is a file of schemas/ (npm run check refuses one that does not resolve).
    const path = typeof ref === "string" ? ref.replace(/^(\.\.\/)?schemas\//, "") : null;
    fields = path ? safeFields(services, path) : [];
    byType.set(informationType, fields);
  }
  return fields;
}

const safeFields = (services: Pick<Services, "defs">, path: string) => {
  try {
    return sensitiveFields(services.defs.files, path);
  } catch {
    return []; // a schema that does not resolve: npm run check refuses it, so no answer of it is saved
  }
};

/** The answer as stored: each sealed field encrypted. */
export function sealAnswer(
  services: Pick<Services, "defs" | "cipher">,
  informationType: string,
  answer: Answer,
): Answer {
  const { cipher } = services;
  return mapSensitive(answer, fieldsOf(services, informationType), (v) =>
    typeof v === "string" && !cipher.isSealed(v) ? cipher.encrypt(v) : v,
  ) as Answer;
}

/** The conditions with each information answer's sealed fields opened, for staff who review them. */
export function openAnswers(
  services: Pick<Services, "defs" | "cipher">,
  conditions: Condition[],
): Condition[] {
  const { cipher } = services;
  return conditions.map((c) => {
    if (c.type !== "information" || !c.answers || !c.informationType) return c;
    const fields = fieldsOf(services, c.informationType);
    const answers = Object.fromEntries(
      Object.entries(c.answers).map(([role, a]) => [
        role,
        a?.answer
          ? {
              ...a,
              answer: mapSensitive(a.answer, fields, (v) =>
                cipher.isSealed(v) ? cipher.decrypt(v) : v,
              ) as Answer,
            }
          : a,
      ]),
    );
    return { ...c, answers } as Condition;
  });
}
