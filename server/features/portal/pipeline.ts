// What the portal shows of applications: the pipeline rows (status, step label, borrowers with
// masked SSNs, outstanding documents, assignment) and one application's file: answers (masked),
// documents with their uploads, signatures, identity checks and the audit trail.
import { DAY_MS } from "@engine/base/dates";
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, like, lt, type SQL } from "drizzle-orm";
import { isActive, machineOf, movesFrom } from "@engine/lending/milestones";
import type { Permission } from "./roles";
import { todayIso } from "@engine/base/dates";
import { labelOf } from "@engine/funnel/funnel";
import { accountEmail, answersPointer, borrowerName, borrowerRoles } from "@engine/lending/borrowers";
import type { APIInputs } from "@engine/generated/schema-types";
import { requirementsOf } from "@engine/lending/documents";
import { OWNER_ROLE, roleLabel } from "@engine/funnel/members";
import { getAt } from "@engine/base/pointer";
import { maskValue } from "@engine/validation/sensitive";
import {
  applications,
  auditEvents,
  identityReviews,
  loanFiles,
  portalUsers,
  signatures,
  uploads,
} from "@server/persistence/db/schema";
import type { Services } from "@server/services";
import { memberStore } from "../members/store";
import { losCredentialsOf } from "../los/credentials";
import { applicationStore } from "@server/persistence/store/applications";
import { offerFigures } from "./offer";
import { visibleTo } from "./scope";
import type { Staff } from "./staff";
import { isSatisfied, stillNeeded } from "@engine/lending/catalogue";

type Row = typeof applications.$inferSelect;
export type PipelineQuery = NonNullable<APIInputs["portalPipelineQuery"]>;

/** A search or a sort by line amount reads the documents: at most this many, newest first, are read. */
export const SEARCH_SCAN_LIMIT = 5000;

/** The borrowers whose answers the application holds (rules/members.json), with their name and masked SSN. */
function borrowersOf(services: Services, doc: Record<string, unknown>) {
  const ssnField = services.sensitive.find((f) => f.format === "ssn");
  return borrowerRoles(services.defs).flatMap((role) => {
    const person = getAt(doc, answersPointer(services.defs, role)) as Record<string, unknown> | undefined;
    if (!person || typeof person !== "object") return [];
    const name = borrowerName(services.defs, doc, role);
    const ssn = typeof person.ssn === "string" ? maskValue(person.ssn, ssnField?.format) : null;
    return name || ssn ? [{ role, name: name || null, ssn }] : [];
  });
}

/** The words a pipeline search looks in: each borrower's name and email, lower-cased. */
function searchableText(services: Services, doc: Record<string, unknown>): string {
  const words = borrowerRoles(services.defs).flatMap((role) => {
    const person = getAt(doc, answersPointer(services.defs, role)) as Record<string, unknown> | undefined;
    return [borrowerName(services.defs, doc, role), typeof person?.email === "string" ? person.email : null];
  });
  return [...words, accountEmail(services.defs, doc)].filter(Boolean).join("\n").toLowerCase();
}

function outstandingOf(services: Services, doc: Record<string, unknown>) {
  try {
    return requirementsOf(services.defs, doc, todayIso(services.now()))
      .filter((r) => !isSatisfied(r))
      .map((r) => ({
        label: typeof r.label === "string" ? r.label : r.documentType,
        borrower: r.borrower,
        missing: stillNeeded(r),
      }));
  } catch {
    return []; // an application too incomplete for the document rules has nothing to ask for yet
  }
}

export function pipelineOf(services: Services) {
  const { db, defs } = services;
  const store = applicationStore(services);
  const names = async (ids: (string | null)[]) => {
    const wanted = [...new Set(ids.filter((i): i is string => !!i))];
    if (!wanted.length) return new Map<string, string>();
    const rows = await db
      .select({ id: portalUsers.id, name: portalUsers.name })
      .from(portalUsers)
      .where(inArray(portalUsers.id, wanted));
    return new Map(rows.map((u) => [u.id, u.name]));
  };
  const machine = machineOf(defs);
  const today = () => todayIso(services.now());
  const summary = (
    row: Row,
    doc: Record<string, unknown>,
    officers: Map<string, string>,
    loans: Map<string, typeof loanFiles.$inferSelect>,
  ) => ({
    id: row.id,
    status: row.status,
    // The loan after submission: its milestone and the 30-day decision clock (rules/milestones.json).
    milestone: milestoneOf(loans.get(row.id)),
    active: loans.has(row.id) ? isActive(machine, loans.get(row.id)!.milestone) : true,
    stepLabel: labelOf(defs, row.status) ?? defs.steps.get(row.status)?.def.label ?? row.status,
    variant: row.variant,
    borrowers: borrowersOf(services, doc),
    outstanding: outstandingOf(services, doc),
    offer: offerFigures(defs, doc),
    loanOfficer: row.loanOfficerId
      ? { id: row.loanOfficerId, name: officers.get(row.loanOfficerId) ?? null }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  function milestoneOf(loan: typeof loanFiles.$inferSelect | undefined) {
    if (!loan) return null;
    const due = loan.decisionDueOn;
    return {
      id: loan.milestone,
      label: machine.states[loan.milestone]?.label ?? loan.milestone,
      waitingOn: loan.waitingOn.replace(/,/g, "") || null,
      decisionDueOn: due,
      overdue: due !== null && today() > due,
    };
  }
  const loansOf = async (ids: string[]) =>
    new Map(
      (ids.length ? await db.select().from(loanFiles).where(inArray(loanFiles.applicationId, ids)) : []).map(
        (l) => [l.applicationId, l],
      ),
    );
  /** The milestones where the next move is staff's and one this user's role may take. */
  const myMilestones = (staff: Staff) =>
    Object.keys(machine.states).filter((state) =>
      movesFrom(machine, state, "staff").some((t) => !t.permission || staff.can(t.permission as Permission)),
    );

  return {
    /**
     * One page of the applications the user may see, filtered, searched and sorted. Step, officer
     * and dates filter in SQL; a search (names and emails are in the sealed document) or a sort by
     * the priced line reads the documents of at most SEARCH_SCAN_LIMIT matching rows.
     */
    async list(staff: Staff, query: PipelineQuery = {}) {
      const { page = 1, pageSize = 25, sort = "updated", order = "desc" } = query;
      const dateColumn = query.dateOf === "created" ? applications.createdAt : applications.updatedAt;
      const where = and(
        visibleTo(staff),
        query.status ? eq(applications.status, query.status) : undefined,
        query.milestone || query.decision || query.waitingOnMe
          ? inArray(
              applications.id,
              db
                .select({ id: loanFiles.applicationId })
                .from(loanFiles)
                .where(
                  and(
                    query.milestone ? eq(loanFiles.milestone, query.milestone) : undefined,
                    query.decision ? isNotNull(loanFiles.decisionDueOn) : undefined,
                    query.decision === "overdue" ? lt(loanFiles.decisionDueOn, today()) : undefined,
                    query.waitingOnMe
                      ? and(
                          like(loanFiles.waitingOn, "%,staff,%"),
                          inArray(loanFiles.milestone, myMilestones(staff)),
                        )
                      : undefined,
                  ),
                ),
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
      const column = sort === "created" ? applications.createdAt : applications.updatedAt;
      const byDate = [
        order === "asc" ? asc(column) : desc(column),
        order === "asc" ? asc(applications.id) : desc(applications.id),
      ];
      const search = query.search?.trim().toLowerCase() ?? "";
      let total: number;
      let pageRows: { row: Row; doc: Record<string, unknown> }[];
      if (!search && sort !== "lineAmount") {
        const [counted] = await db.select({ n: count() }).from(applications).where(where);
        total = Number(counted?.n ?? 0);
        const rows = await db
          .select()
          .from(applications)
          .where(where)
          .orderBy(...byDate)
          .limit(pageSize)
          .offset((page - 1) * pageSize);
        pageRows = rows.map((row) => ({ row, doc: store.fromRow(row).doc }));
      } else {
        const rows = await db
          .select()
          .from(applications)
          .where(where)
          .orderBy(...byDate)
          .limit(SEARCH_SCAN_LIMIT);
        let found = rows.map((row) => ({ row, doc: store.fromRow(row).doc }));
        if (search)
          found = found.filter(
            ({ row, doc }) =>
              row.id.toLowerCase().startsWith(search) || searchableText(services, doc).includes(search),
          );
        if (sort === "lineAmount") {
          const line = new Map(
            found.map(({ row, doc }) => [row.id, offerFigures(defs, doc)?.lineAmount ?? null]),
          );
          // Unpriced applications last in either order; the date order breaks ties.
          const sign = order === "asc" ? 1 : -1;
          found = found
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
        total = found.length;
        pageRows = found.slice((page - 1) * pageSize, page * pageSize);
      }
      const officers = await names(pageRows.map(({ row }) => row.loanOfficerId));
      const loans = await loansOf(pageRows.map(({ row }) => row.id));
      // The steps the user's applications are at, for the step filter (a cheap grouped count).
      const steps = await db
        .select({ status: applications.status, n: count() })
        .from(applications)
        .where(visibleTo(staff))
        .groupBy(applications.status);
      return {
        applications: pageRows.map(({ row, doc }) => summary(row, doc, officers, loans)),
        total,
        page,
        pageSize,
        steps: steps
          .map((s) => ({
            id: s.status,
            label: labelOf(defs, s.status) ?? defs.steps.get(s.status)?.def.label ?? s.status,
            count: Number(s.n),
          }))
          .sort((a, b) => a.label.localeCompare(b.label)),
      };
    },

    /** One application's file, for a user allowed to see it. */
    async detail(staff: Staff, row: Row) {
      const { doc } = store.fromRow(row);
      const [files, signed, reviews, events, joined] = await Promise.all([
        db
          .select()
          .from(uploads)
          .where(eq(uploads.applicationId, row.id))
          .orderBy(asc(uploads.createdAt), asc(uploads.id)),
        db
          .select()
          .from(signatures)
          .where(eq(signatures.applicationId, row.id))
          .orderBy(asc(signatures.signedAt), asc(signatures.id)),
        db
          .select()
          .from(identityReviews)
          .where(eq(identityReviews.applicationId, row.id))
          .orderBy(asc(identityReviews.createdAt), asc(identityReviews.id)),
        db
          .select()
          .from(auditEvents)
          .where(eq(auditEvents.applicationId, row.id))
          .orderBy(asc(auditEvents.at), asc(auditEvents.id)),
        memberStore(services).ofApplication(db, row.id),
      ]);
      // Each borrower acts with their own account: the trail names which one acted.
      const applicantActor = (id: string | null) =>
        roleLabel(
          defs,
          id === row.ownerId ? OWNER_ROLE : (joined.find((m) => m.userId === id)?.role ?? OWNER_ROLE),
        );
      const people = await names([
        row.loanOfficerId,
        ...events.filter((e) => e.actorKind === "portal").map((e) => e.actorId),
        ...reviews.map((r) => r.reviewedBy),
        ...files.map((f) => f.reviewedBy),
      ]);
      const losLabels = await losCredentialsOf(services).labels(
        events.filter((e) => e.actorKind === "los").map((e) => e.actorId ?? ""),
      );
      let requirements: ReturnType<typeof requirementsOf> = [];
      try {
        requirements = requirementsOf(defs, doc, todayIso(services.now()));
      } catch {}
      return {
        ...summary(row, doc, people, await loansOf([row.id])),
        definitionsVersion: row.definitionsVersion,
        currentDefinitionsVersion: services.definitionsVersion,
        answers: store.view(doc) as Record<string, unknown>,
        requirements: requirements.map((r) => ({
          documentType: r.documentType,
          borrower: r.borrower,
          propertyId: r.propertyId,
          label: typeof r.label === "string" ? r.label : r.documentType,
          count: r.count,
          uploaded: r.uploaded,
          reason: r.reason,
          ruleId: r.ruleId,
        })),
        uploads: staff.can("documents.view")
          ? files.map((f) => ({
              id: f.id,
              documentType: f.documentType,
              subtype: f.documentSubtype,
              side: f.side,
              borrower: f.borrower,
              propertyId: f.propertyId,
              fileName: f.fileName,
              contentType: f.contentType,
              size: f.size,
              createdAt: f.createdAt.toISOString(),
              review: f.reviewStatus
                ? {
                    status: f.reviewStatus,
                    reason: f.reviewReason,
                    reviewedBy: f.reviewedBy ? (people.get(f.reviewedBy) ?? f.reviewedBy) : null,
                    reviewedAt: f.reviewedAt?.toISOString() ?? null,
                  }
                : null,
            }))
          : [],
        // Who signed, when and from where, per borrower, each in their own session; a voided signature says when a change voided it.
        signatures: signed.map((s) => ({
          id: s.id,
          signer: s.signer,
          signerLabel: roleLabel(defs, s.signer),
          typedName: s.typedName,
          signedAt: s.signedAt.toISOString(),
          ip: s.ip,
          userAgent: s.userAgent,
          voidedAt: s.voidedAt?.toISOString() ?? null,
          documents: JSON.parse(s.documents) as { id: string; version: string }[],
          definitionsVersion: s.definitionsVersion,
        })),
        identityReviews: reviews.map((r) => ({
          id: r.id,
          borrower: r.borrower,
          idType: r.idType,
          status: r.status,
          reason: r.reason,
          reviewedBy: r.reviewedBy ? (people.get(r.reviewedBy) ?? r.reviewedBy) : null,
          reviewedAt: r.reviewedAt?.toISOString() ?? null,
          definitionsVersion: r.definitionsVersion,
          createdAt: r.createdAt.toISOString(),
        })),
        audit: events.map((e) => ({
          at: e.at.toISOString(),
          actor:
            e.actorKind === "portal"
              ? (people.get(e.actorId ?? "") ?? "Portal user")
              : e.actorKind === "applicant"
                ? applicantActor(e.actorId)
                : e.actorKind === "los"
                  ? `LOS credential "${losLabels.get(e.actorId ?? "") ?? e.actorId}"`
                  : `System${e.actorId ? ` (${e.actorId})` : ""}`,
          actorKind: e.actorKind,
          action: e.action,
          changed: JSON.parse(e.changed) as string[],
          definitionsVersion: e.definitionsVersion,
        })),
      };
    },
  };
}
