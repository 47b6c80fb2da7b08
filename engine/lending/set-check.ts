// npm run check for this product: the generic check of a set (engine/lint/check-set.ts) with what
// the HELOC domain adds: which {{tokens}} each text of content/ is filled with (text-tokens.ts),
// and the lender profile's findings (lender-file.ts: refused when the profile says production,
// notes while it is sample data). The command line, the server's start, its live gate and its
// rollback all check a set through this one function.
import type { DefinitionDirs } from "../definitions/load";
import { checkSet, type SetCheck } from "../lint/check-set";
import { lenderReport } from "./lender-file";
import { missingTemplates } from "./templates";
import { tokenAllowed, tokensFor } from "./text-tokens";
import { zipPrefixProblems } from "./zip-prefixes";
import { denialReasonProblems } from "./denial-reasons";
import { confirmFirstProblems } from "./early-declines";
import { portalRoleProblems } from "./portal-roles";
import { withPositions } from "../definitions/load";

export function checkLendingSet(dirs: DefinitionDirs = {}): SetCheck {
  const checked = checkSet(dirs, {
    tokens: { allowed: tokenAllowed, names: tokensFor },
    lender: (folders, defs) => {
      const report = lenderReport(
        undefined,
        { steps: folders.steps, rules: folders.rules, content: folders.content, schemas: folders.schemas },
        (defs.params.pricing ?? {}) as Record<string, unknown>,
        (defs.params.licensing ?? {}) as Record<string, unknown>,
      );
      const production = !report.profile || report.profile.status === "production";
      return production
        ? { refused: report.findings, notes: report.warnings }
        : { refused: [], notes: [...report.findings, ...report.warnings] };
    },
  });
  // The notices, closing documents and mails the loan's rule files name must exist in content/.
  checked.problems.push(...missingTemplates(checked.defs, { rules: dirs.rules, content: dirs.content }));
  checked.problems.push(
    ...withPositions(
      [
        ...zipPrefixProblems(checked.defs),
        ...denialReasonProblems(checked.defs),
        ...confirmFirstProblems(checked.defs),
        ...portalRoleProblems(checked.defs),
      ],
      checked.defs.texts as Map<string, string>,
    ),
  );
  return checked;
}
