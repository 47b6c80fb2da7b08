// The texts the loan's rule files name, checked on disk (Node only): a notice a transition of
// rules/milestones.json triggers is content/disclosures/<notice>.md, a document of the closing
// package content/closing/<document>.md, and a mail of rules/notifications.json
// content/mail/<template>.md. A name with no file would fail at the moment the law needs the
// text, so npm run check and the server's start and reload refuse it, naming the file, line and
// column of the name.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../base/paths";
import { positionOf } from "../base/json-positions";
import { escapeSegment as esc } from "../base/pointer";
import type { Definitions, Problem } from "../definitions/definitions";

export interface TemplateDirs {
  rules?: string;
  content?: string;
}

/** Where a template of each kind lives, under content/. */
export const TEMPLATE_FOLDERS = { notice: "disclosures", mail: "mail", closing: "closing" } as const;

/** The file of a template, or null when the name cannot be a file name. */
export function templatePath(kind: keyof typeof TEMPLATE_FOLDERS, name: string, content?: string) {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) return null;
  return join(content ?? join(REPO_ROOT, "content"), TEMPLATE_FOLDERS[kind], `${name}.md`);
}

interface Named {
  kind: keyof typeof TEMPLATE_FOLDERS;
  name: string;
  ruleSet: string;
  pointer: string;
}

/** Every template the loan's rule files name, with where. */
function namedTemplates(defs: Definitions): Named[] {
  const named: Named[] = [];
  const machine = (defs.params.milestones ?? {}) as {
    transitions?: Record<string, { triggers?: Record<string, unknown>[] }>;
    closingPackage?: { documents?: { template?: unknown }[] };
  };
  for (const [id, t] of Object.entries(machine.transitions ?? {}))
    (t.triggers ?? []).forEach((trigger, i) => {
      if (typeof trigger.notice === "string")
        named.push({
          kind: "notice",
          name: trigger.notice,
          ruleSet: "milestones",
          pointer: `/params/transitions/${esc(id)}/triggers/${i}/notice`,
        });
    });
  (machine.closingPackage?.documents ?? []).forEach((doc, i) => {
    if (typeof doc.template === "string")
      named.push({
        kind: "closing",
        name: doc.template,
        ruleSet: "milestones",
        pointer: `/params/closingPackage/documents/${i}/template`,
      });
  });
  const table = (defs.params.notifications ?? {}) as {
    events?: Record<string, { send?: { template?: unknown }[] }>;
  };
  for (const [event, { send }] of Object.entries(table.events ?? {}))
    (send ?? []).forEach((mail, i) => {
      if (typeof mail.template === "string")
        named.push({
          kind: "mail",
          name: mail.template,
          ruleSet: "notifications",
          pointer: `/params/events/${esc(event)}/send/${i}/template`,
        });
    });
  return named;
}

/** The templates named that have no file, each a problem at its place in its rule file. */
export function missingTemplates(defs: Definitions, dirs: TemplateDirs = {}): Problem[] {
  const texts = new Map<string, string | null>();
  const textOf = (file: string) => {
    if (!texts.has(file)) {
      const path = join(dirs.rules ?? join(REPO_ROOT, "rules"), file.replace(/^rules\//, ""));
      let text: string | null = null;
      try {
        text = readFileSync(path, "utf8");
      } catch {}
      texts.set(file, text);
    }
    return texts.get(file) ?? null;
  };
  return namedTemplates(defs).flatMap(({ kind, name, ruleSet, pointer }) => {
    const path = templatePath(kind, name, dirs.content);
    if (path && existsSync(path)) return [];
    const file = defs.ruleSets.get(ruleSet)?.file ?? `rules/${ruleSet}.json`;
    const text = textOf(file);
    const at = text === null ? null : positionOf(text, pointer);
    return [
      {
        file,
        pointer,
        message: `template "${name}" does not exist: no content/${TEMPLATE_FOLDERS[kind]}/${name}.md`,
        ...(at ?? {}),
      },
    ];
  });
}
