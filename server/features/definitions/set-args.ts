// The command-line options that name a definitions set in other folders than the repository's
// (--steps, --rules, --schemas, --content, --journeys), shared by check, impact and rollback.
import type { DefinitionDirs } from "@engine/definitions/load";

export const SET_OPTIONS = {
  steps: { type: "string" },
  rules: { type: "string" },
  schemas: { type: "string" },
  content: { type: "string" },
  journeys: { type: "string" },
} as const;

/** The folders the options name; the repository's for the others. */
export const setDirs = (values: { [K in keyof typeof SET_OPTIONS]?: string }): DefinitionDirs => ({
  steps: values.steps,
  rules: values.rules,
  schemas: values.schemas,
  content: values.content,
  journeys: values.journeys,
});
