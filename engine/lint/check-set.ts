// Everything npm run check checks, as one function: the running server's live gate calls the very
// same (server/features/definitions/live.ts), so a set check refuses is never served. The JSON
// folders against their meta-schemas and cross-checked (lint.ts), their canonical layout, every
// schema compiled, the texts of content/ (content.ts), the worked journeys walked
// (engine/funnel/worked-journeys.ts), and the lender profile (refused when marked production,
// notes while it is sample data). A file that cannot be read as JSON is the only problem said:
// what the others would say about it missing would mislead.
import type { Definitions, Problem } from "../definitions/definitions";
import {
  folderOf,
  loadDefinitions,
  uncompilableSchemas,
  unformattedFiles,
  versionOfTexts,
  withPositions,
  type DefinitionDirs,
} from "../definitions/load";
import { metaChecked } from "../definitions/definitions";
import { checkJourneys, type JourneyFile } from "../funnel/worked-journeys";
import type { Journey } from "../generated/schema-types";
import { checkSiteLinks } from "./site-links";
import { checkContent, type TokenPolicy } from "./content";
import { translationProblems } from "./translations";
import { readerWordProblems } from "./reader-words";
import { experimentLocaleProblems } from "./experiments";

export interface SetCheck {
  defs: Definitions;
  /** Why the set cannot be served: empty when it can. */
  problems: Problem[];
  /** What keeps the site from going live while the lender profile is sample data (not refusals). */
  notes: Problem[];
  /** The set's version (versionOfTexts). */
  version: string;
}

const unique = (problems: Problem[]) => {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.file}:${p.line}:${p.column}#${p.pointer}: ${p.message}`;
    return !seen.has(key) && seen.add(key);
  });
};

/** The journeys of the set, each checked against schemas/journey.schema.json. */
function journeysOf(defs: Definitions, problems: Problem[]): JourneyFile[] {
  const out: JourneyFile[] = [];
  for (const [file, text] of defs.texts ?? []) {
    if (!file.startsWith("journeys/")) continue;
    const json = JSON.parse(text) as unknown;
    if (metaChecked(defs, "journey.schema.json", file, json, problems))
      out.push({ file, journey: json as Journey });
  }
  return out;
}

/**
 * What the domain adds to a set's check (engine/lending/set-check.ts): which tokens each text may
 * write, and the lender profile's findings (refused when it is marked production, notes otherwise).
 */
export interface DomainChecks {
  tokens?: TokenPolicy;
  lender?: (dirs: DefinitionDirs, defs: Definitions) => { refused: Problem[]; notes: Problem[] };
}

export function checkSet(dirs: DefinitionDirs = {}, domain: DomainChecks = {}): SetCheck {
  const { defs, problems } = loadDefinitions(dirs);
  const version = versionOfTexts(defs.texts ?? new Map());
  const unreadable = problems.filter((p) => /^(is not valid JSON|cannot be read)/.test(p.message));
  if (unreadable.length) return { defs, problems: unreadable, notes: [], version };
  // Texts too: a JSON text of content/ that is not JSON is likewise the one thing to say.
  const content = checkContent(defs, domain.tokens);
  const broken = content.filter((p) => p.message.startsWith("is not valid JSON"));
  if (broken.length) return { defs, problems: broken, notes: [], version };
  problems.push(...withPositions(content, defs.texts as Map<string, string>), ...unformattedFiles(dirs));
  problems.push(...withPositions(checkSiteLinks(defs), defs.texts as Map<string, string>));
  problems.push(...withPositions(translationProblems(defs), defs.texts as Map<string, string>));
  problems.push(...withPositions(experimentLocaleProblems(defs), defs.texts as Map<string, string>));
  problems.push(...withPositions(readerWordProblems(defs), defs.texts as Map<string, string>));
  if (problems.length === 0) problems.push(...uncompilableSchemas(defs, dirs));
  // Journeys are walked on whatever loaded: a set with a mistake the linter names may still break a
  // journey in a way that says what an applicant would meet (a variant without its credit range
  // prices everyone at the default margin).
  const journeyProblems: Problem[] = [];
  const journeys = journeysOf(defs, journeyProblems);
  journeyProblems.push(...checkJourneys(defs, journeys));
  problems.push(...withPositions(journeyProblems, defs.texts as Map<string, string>));

  const lender = domain.lender?.(dirs, defs) ?? { refused: [], notes: [] };
  problems.push(...lender.refused);
  return { defs, problems: unique(problems), notes: lender.notes, version };
}

export { folderOf };
