// What the portal shows of applications: the pipeline rows (./pipeline-summary.ts), filtered,
// searched, sorted and paged, and one application's file (./application-file.ts).
import { DAY_MS, todayIso } from "@engine/base/dates";
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, like, lt, type SQL } from "drizzle-orm";
import { movesFrom } from "@engine/lending/milestones";
import type { Permission } from "./roles";
import type { APIInputs } from "@engine/generated/schema-types";
import { applications, loanFiles } from "@server/persistence/db/schema";
import type { Services } from "@server/services";
import { applicationStore } from "@server/persistence/store/applications";
import { applicationFile } from "./application-file";
import { offerFigures } from "./offer";
import {
  loansOf,
  namesOf,
  pipelineContext,
  searchableText,
  stepLabelOf,
  summaryOf,
  type Pipeline,
  type Row,
} from "./pipeline-summary";
import { visibleTo } from "./scope";
import type { Staff } from "./staff";

export type PipelineQuery = NonNullable<APIInputs["portalPipelineQuery"]>;
type Found = { row: Row; doc: Record<string, unknown> };

/** A search or a sort by line amount reads the documents: at most this many, newest first, are read. */
export const SEARCH_SCAN_LIMIT = 5000;

export function pipelineOf(services: Services) {
  const pipeline = pipelineContext(services);
  return {
    list: (staff: Staff, query: PipelineQuery = {}) => listPipeline(pipeline, staff, query),
    /** One application's file, for a user allowed to see it. */
    detail: (staff: Staff, row: Row) => applicationFile(pipeline, staff, row),
  };
}

/**
 * One page of the applications the user may see, filtered, searched and sorted. Step, officer and
 * dates filter in SQL; a search (names and emails are in the sealed document) or a sort by the
 * priced line reads the documents of at most SEARCH_SCAN_LIMIT matching rows.
 */
async function listPipeline(pipeline: Pipeline, staff: Staff, query: PipelineQuery) {
  const { services } = pipeline;
  const { page = 1, pageSize = 25, sort = "updated" } = query;
  const where = whereOf(pipeline, staff, query);
  const search = query.search?.trim().toLowerCase() ?? "";
  const { total, pageRows } =
    !search && sort !== "lineAmount"
      ? await sqlPage(services, where, query)
      : await scannedPage(services, where, query, search);
  const officers = await namesOf(
    services,
    pageRows.map(({ row }) => row.loanOfficerId),
  );
  const loans = await loansOf(
    services,
    pageRows.map(({ row }) => row.id),
  );
  const steps = await stepCounts(services, staff);
  return {
    applications: pageRows.map(({ row, doc }) => summaryOf(pipeline, row, doc, officers, loans)),
    total,
    page,
    pageSize,
    steps,
  };
}

function whereOf(pipeline: Pipeline, staff: Staff, query: PipelineQuery) {
  const dateColumn = query.dateOf === "created" ? applications.createdAt : applications.updatedAt;
  return and(
    visibleTo(staff),
    query.status ? eq(applications.status, query.status) : undefined,
    query.milestone || query.decision || query.waitingOnMe
      ? inArray(
          applications.id,
          pipeline.services.db
            .select({ id: loanFiles.applicationId })
            .from(loanFiles)
            .where(loanFilter(pipeline, staff, query)),
        )
      : undefined,
    query.loanOfficerId === "none"
      ? isNull(applications.loanOfficerId)
      : query.loanOfficerId
        ? eq(applications.loanOfficerId, query.loanOfficerId)
        : undefined,
    query.from ? gte(dateColumn, new Date(`${query.from}T00:00:00Z`)) : undefined,
    // "to" is a whole day: everything before the next midnight (UTC).
    query.to ? lt(dateColumn, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS)) : undefined,
  ) as SQL;
}

const loanFilter = ({ services, machine }: Pipeline, staff: Staff, query: PipelineQuery) =>
  and(
    query.milestone ? eq(loanFiles.milestone, query.milestone) : undefined,
    query.decision ? isNotNull(loanFiles.decisionDueOn) : undefined,
    query.decision === "overdue" ? lt(loanFiles.decisionDueOn, todayIso(services.now())) : undefined,
    query.waitingOnMe
      ? and(
          like(loanFiles.waitingOn, "%,staff,%"),
          // The milestones where the next move is staff's and one this user's role may take.
          inArray(
            loanFiles.milestone,
            Object.keys(machine.states).filter((state) =>
              movesFrom(machine, state, "staff").some(
                (t) => !t.permission || staff.can(t.permission as Permission),
              ),
            ),
          ),
        )
      : undefined,
  );

const byDate = ({ sort = "updated", order = "desc" }: PipelineQuery) => {
  const column = sort === "created" ? applications.createdAt : applications.updatedAt;
  return [
    order === "asc" ? asc(column) : desc(column),
    order === "asc" ? asc(applications.id) : desc(applications.id),
  ];
};

/** Filtered, sorted and paged in SQL. */
async function sqlPage(services: Services, where: SQL, query: PipelineQuery) {
  const { db } = services;
  const { page = 1, pageSize = 25 } = query;
  const [counted] = await db.select({ n: count() }).from(applications).where(where);
  const rows = await db
    .select()
    .from(applications)
    .where(where)
    .orderBy(...byDate(query))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const store = applicationStore(services);
  return {
    total: Number(counted?.n ?? 0),
    pageRows: rows.map((row) => ({ row, doc: store.fromRow(row).doc })),
  };
}

/** Searched or sorted by line in the documents of at most SEARCH_SCAN_LIMIT rows. */
async function scannedPage(services: Services, where: SQL, query: PipelineQuery, search: string) {
  const { page = 1, pageSize = 25, sort = "updated", order = "desc" } = query;
  const rows = await services.db
    .select()
    .from(applications)
    .where(where)
    .orderBy(...byDate(query))
    .limit(SEARCH_SCAN_LIMIT);
  const store = applicationStore(services);
  let found: Found[] = rows.map((row) => ({ row, doc: store.fromRow(row).doc }));
  if (search)
    found = found.filter(
      ({ row, doc }) =>
        row.id.toLowerCase().startsWith(search) || searchableText(services, doc).includes(search),
    );
  if (sort === "lineAmount") found = byLineAmount(services, found, order);
  return { total: found.length, pageRows: found.slice((page - 1) * pageSize, page * pageSize) };
}

/** Unpriced applications last in either order; the date order breaks ties. */
function byLineAmount(services: Services, found: Found[], order: "asc" | "desc") {
  const today = todayIso(services.now());
  const line = new Map(
    found.map(({ row, doc }) => [row.id, offerFigures(services.defs, doc, today)?.lineAmount ?? null]),
  );
  const sign = order === "asc" ? 1 : -1;
  return found
    .map((item, i) => ({ item, i }))
    .sort((a, b) => {
      const x = line.get(a.item.row.id) ?? null;
      const y = line.get(b.item.row.id) ?? null;
      if (x === y) return a.i - b.i;
      if (x === null) return 1;
      if (y === null) return -1;
      return (x - y) * sign;
    })
    .map(({ item }) => item);
}

/** The steps the user's applications are at, for the step filter (a cheap grouped count). */
async function stepCounts(services: Services, staff: Staff) {
  const steps = await services.db
    .select({ status: applications.status, n: count() })
    .from(applications)
    .where(visibleTo(staff))
    .groupBy(applications.status);
  return steps
    .map((s) => ({ id: s.status, label: stepLabelOf(services, s.status), count: Number(s.n) }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
