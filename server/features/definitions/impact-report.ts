// The portal's "Definition changes" page (portal.definitionsImpact): the files on the server's
// disk against the set running, and the impact report of the change for the caller's own
// applications. Judging every application costs seconds, so it never runs on a request: the
// first request for a version (and scope) starts it in the definitions worker and answers
// "computing"; every later request, from anyone of the same scope, reads the one result kept for
// that pair of versions (issue 40: 16 such calls in a batch held every request for 15 s). The
// procedure is also limited per user and alone in its batch (transport/security/request-shape.ts).
import type { DefinitionDirs } from "@engine/definitions/load";
import { diskVersion } from "./disk-version";
import { formatProblem } from "@engine/lint/lint";
import type { Services } from "@server/services";
import type { Impact, ImpactEntry } from "@server/features/definitions/impact";
import type { Staff } from "@server/features/portal/staff";
import type { CheckedSet } from "./gate";
import { impactRequestOf } from "./live";
import { publishedSets } from "./published";

export const ENTRIES_PER_PAGE = 50;

interface Kept<T> {
  at: number;
  promise: Promise<T>;
  value?: T;
  error?: string;
}

const kept = new WeakMap<
  Services,
  { checks: Map<string, Kept<CheckedSet>>; impacts: Map<string, Kept<Impact>> }
>();

function keep<T>(map: Map<string, Kept<T>>, key: string, start: () => Promise<T>): Kept<T> {
  let entry = map.get(key);
  if (!entry) {
    const promise = start();
    const made: Kept<T> = { at: Date.now(), promise };
    promise.then(
      (value) => (made.value = value),
      (error: Error) => (made.error = error.message),
    );
    map.set(key, (entry = made));
    // A handful of versions at a time: the oldest goes.
    while (map.size > 8) map.delete(map.keys().next().value!);
  }
  return entry;
}

const scopeOf = (staff: Staff) =>
  staff.can("applications.all")
    ? { partnerId: staff.partnerId, loanOfficerId: null }
    : { partnerId: staff.partnerId, loanOfficerId: staff.id };

export type ImpactState = "same" | "checking" | "problems" | "computing" | "ready" | "failed";

export async function impactReport(
  services: Services,
  staff: Staff,
  dirs: DefinitionDirs,
  { page = 1, kind }: { page?: number; kind?: ImpactEntry["kind"] },
) {
  let caches = kept.get(services);
  if (!caches) kept.set(services, (caches = { checks: new Map(), impacts: new Map() }));
  const running = services.definitionsVersion;
  const onDisk = diskVersion(dirs);
  const published = (await publishedSets(services.db, 20)).map((p) => ({
    version: p.version,
    publishedAt: p.publishedAt.toISOString(),
    publishedBy: p.publishedBy,
  }));
  const base = { running, onDisk, published, problems: [] as string[], impact: null, entries: null };
  if (onDisk === running) return { ...base, state: "same" as ImpactState };
  const check = keep(caches.checks, onDisk, () => services.definitionsGate.check(dirs));
  if (check.error) return { ...base, state: "failed" as ImpactState, problems: [check.error] };
  if (!check.value) return { ...base, state: "checking" as ImpactState };
  if (check.value.problems.length)
    return { ...base, state: "problems" as ImpactState, problems: check.value.problems.map(formatProblem) };
  const scope = scopeOf(staff);
  const key = `${onDisk} ${running} ${scope.partnerId} ${scope.loanOfficerId ?? "*"}`;
  const judged = keep(caches.impacts, key, () =>
    services.definitionsGate.impact({ ...impactRequestOf(services, dirs, onDisk), scope }),
  );
  if (judged.error) return { ...base, state: "failed" as ImpactState, problems: [judged.error] };
  if (!judged.value) return { ...base, state: "computing" as ImpactState };
  const { entries, refusals, ...impact } = judged.value;
  const chosen = kind ? entries.filter((e) => e.kind === kind) : entries;
  const pages = Math.max(1, Math.ceil(chosen.length / ENTRIES_PER_PAGE));
  const at = Math.min(page, pages);
  return {
    ...base,
    state: "ready" as ImpactState,
    computedAt: new Date(judged.at).toISOString(),
    impact: { ...impact, refusals: refusals.map(formatProblem) },
    entries: {
      page: at,
      pages,
      total: chosen.length,
      rows: chosen.slice((at - 1) * ENTRIES_PER_PAGE, at * ENTRIES_PER_PAGE),
    },
  };
}
