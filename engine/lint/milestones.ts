// npm run check on the machine of the loan after submission (rules/milestones.json) and the
// notifications table (rules/notifications.json): their params against their meta-schemas, then
// what a schema cannot say. A transition to a state that does not exist, a permission no role can
// hold, a requirement no rule decides, an event the notifications table lacks, a state nothing
// reaches or a state that is not final with no way out: each is a problem at its place in the file.
// (A trigger naming a template that does not exist is checked against the files of content/ by
// engine/lending/templates.ts, which reads the disk.)
import { uriOf } from "../base/uris";
import { escapeSegment as esc } from "../base/pointer";
import type { Definitions, Problem } from "../definitions/definitions";
import { pointerOf } from "../definitions/definitions";
import { suggest } from "./logic";

export const MILESTONES = "milestones";

const TIME_ZONES = Intl.supportedValuesOf("timeZone");
const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};
export const NOTIFICATIONS = "notifications";

interface Machine {
  initial: string;
  timeZones: Record<string, string>;
  defaultTimeZone: string;
  states: Record<string, { final?: boolean }>;
  transitions: Record<
    string,
    {
      from: string[];
      to: string;
      by: string[];
      permission?: string;
      requires: string[];
      triggers: Record<string, string>[];
    }
  >;
}

interface Table {
  events: Record<string, { send: { to: string; permission?: string; template: string }[] }>;
}

/** The params of a rule set checked against a meta-schema of schemas/; false when they do not fit. */
function paramsFit(defs: Definitions, ruleSetId: string, meta: string, problems: Problem[]): boolean {
  const located = defs.ruleSets.get(ruleSetId);
  if (!located) return false;
  let validate;
  try {
    validate = defs.ajv.getSchema(uriOf("schemas", meta));
  } catch (error) {
    problems.push({
      file: `schemas/${meta}`,
      pointer: "",
      message: `does not compile: ${(error as Error).message}`,
    });
    return false;
  }
  if (!validate) {
    problems.push({ file: `schemas/${meta}`, pointer: "", message: "meta-schema is missing" });
    return false;
  }
  if (validate(located.def.params ?? {})) return true;
  for (const error of validate.errors ?? []) {
    if (error.keyword === "if") continue;
    problems.push({
      file: located.file,
      pointer: `/params${pointerOf(error)}`,
      message: `${error.message ?? "is invalid"} (schemas/${meta})`,
    });
  }
  return false;
}

/** The permissions roles can hold (rules/portal-roles.json params.permissions). */
const permissionsOf = (defs: Definitions) =>
  Object.keys(((defs.params["portal-roles"] ?? {}) as { permissions?: object }).permissions ?? {});

export function checkMilestones(defs: Definitions, problems: Problem[]): void {
  const located = defs.ruleSets.get(MILESTONES);
  const tableFits = paramsFit(defs, NOTIFICATIONS, "notifications.schema.json", problems);
  if (tableFits) checkNotifications(defs, problems);
  if (!located || !paramsFit(defs, MILESTONES, "milestones.schema.json", problems)) return;
  const { file, def } = located;
  const machine = def.params as unknown as Machine;
  const states = Object.keys(machine.states);
  const permissions = permissionsOf(defs);
  const outputs = new Set((def.rules ?? []).flatMap((r) => (r.output ? [r.output] : [])));
  const events = tableFits ? Object.keys((defs.params[NOTIFICATIONS] as unknown as Table).events) : null;
  const unknownState = (name: string, pointer: string) =>
    problems.push({
      file,
      pointer,
      message: `unknown state "${name}": not one of params.states${suggest(name, states)}`,
    });

  if (!states.includes(machine.initial)) unknownState(machine.initial, "/params/initial");
  const next = new Map<string, Set<string>>();
  for (const [id, t] of Object.entries(machine.transitions)) {
    const at = `/params/transitions/${esc(id)}`;
    t.from.forEach((from, i) => {
      if (!states.includes(from)) unknownState(from, `${at}/from/${i}`);
      else next.set(from, (next.get(from) ?? new Set()).add(t.to));
    });
    if (!states.includes(t.to)) unknownState(t.to, `${at}/to`);
    if (t.permission !== undefined && !permissions.includes(t.permission))
      problems.push({
        file,
        pointer: `${at}/permission`,
        message: `unknown permission "${t.permission}": not one of rules/portal-roles.json params.permissions${suggest(t.permission, permissions)}`,
      });
    if (t.permission !== undefined && !t.by.includes("staff"))
      problems.push({
        file,
        pointer: `${at}/permission`,
        message: "only a transition staff take (by lists staff) names a permission",
      });
    t.requires.forEach((name, i) => {
      if (!outputs.has(name))
        problems.push({
          file,
          pointer: `${at}/requires/${i}`,
          message: `"${name}" is not decided by any rule of this file (an output)${suggest(name, outputs)}`,
        });
    });
    t.triggers.forEach((trigger, i) => {
      if (trigger.notify !== undefined && events && !events.includes(trigger.notify))
        problems.push({
          file,
          pointer: `${at}/triggers/${i}/notify`,
          message: `unknown event "${trigger.notify}": not one of rules/notifications.json params.events${suggest(trigger.notify, events)}`,
        });
    });
    if (t.from.includes(t.to))
      problems.push({
        file,
        pointer: `${at}/to`,
        message: `a transition from "${t.to}" to itself moves nothing`,
      });
  }

  // Every state reachable from the initial one; every state that is not final has a way out, and a final one none.
  const reached = new Set([machine.initial]);
  const queue = [machine.initial];
  while (queue.length)
    for (const to of next.get(queue.shift()!) ?? []) if (!reached.has(to)) (reached.add(to), queue.push(to));
  // A misspelt zone would stop every account opening in that state (the date cannot be read there).
  const zones: [string, string][] = [
    ...Object.entries(machine.timeZones).map(([state, zone]): [string, string] => [
      `/params/timeZones/${esc(state)}`,
      zone,
    ]),
    ["/params/defaultTimeZone", machine.defaultTimeZone],
  ];
  for (const [pointer, zone] of zones)
    if (!isTimeZone(zone))
      problems.push({
        file,
        pointer,
        message: `"${zone}" is not an IANA time zone${suggest(zone, TIME_ZONES)}`,
      });

  for (const [id, state] of Object.entries(machine.states)) {
    const at = `/params/states/${esc(id)}`;
    if (!reached.has(id))
      problems.push({
        file,
        pointer: at,
        message: `state "${id}" is unreachable: no transition leads to it from "${machine.initial}"`,
      });
    const out = next.get(id)?.size ?? 0;
    if (!state.final && out === 0)
      problems.push({
        file,
        pointer: at,
        message: `state "${id}" has no way out: add a transition from it, or mark it final`,
      });
    if (state.final && out > 0)
      problems.push({
        file,
        pointer: `${at}/final`,
        message: `state "${id}" is final but a transition leads out of it`,
      });
  }
}

function checkNotifications(defs: Definitions, problems: Problem[]): void {
  const { file } = defs.ruleSets.get(NOTIFICATIONS)!;
  const table = defs.params[NOTIFICATIONS] as unknown as Table;
  const permissions = permissionsOf(defs);
  for (const [event, { send }] of Object.entries(table.events))
    send.forEach((mail, i) => {
      if (mail.permission !== undefined && !permissions.includes(mail.permission))
        problems.push({
          file,
          pointer: `/params/events/${esc(event)}/send/${i}/permission`,
          message: `unknown permission "${mail.permission}": not one of rules/portal-roles.json params.permissions${suggest(mail.permission, permissions)}`,
        });
    });
}
