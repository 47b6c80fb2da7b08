// The pipeline's search, filters, sort and page as the URL's query keeps them (so a reload, the
// back button or a shared link shows the same list), read into portal.applications.list's input.
// Values the server would refuse are dropped here rather than sent.
import type { inferRouterInputs } from "@trpc/server";
import type { AppRouter } from "@server/transport/trpc/router";

export type PipelineQuery = Exclude<
  inferRouterInputs<AppRouter>["portal"]["applications"]["list"],
  void | undefined
>;

const SORTS = ["updated", "created", "lineAmount"] as const;
const ORDERS = ["desc", "asc"] as const;
const DATE_OF = ["created", "updated"] as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  (list as readonly string[]).includes(value ?? "") ? (value as T) : undefined;

export function queryFromParams(params: URLSearchParams): PipelineQuery {
  const page = Number(params.get("page"));
  const query: PipelineQuery = {
    search: params.get("q")?.slice(0, 100) || undefined,
    status: ID.test(params.get("step") ?? "") ? params.get("step")! : undefined,
    loanOfficerId: ID.test(params.get("officer") ?? "") ? params.get("officer")! : undefined,
    dateOf: oneOf(DATE_OF, params.get("dateOf")),
    from: ISO_DATE.test(params.get("from") ?? "") ? params.get("from")! : undefined,
    to: ISO_DATE.test(params.get("to") ?? "") ? params.get("to")! : undefined,
    sort: oneOf(SORTS, params.get("sort")),
    order: oneOf(ORDERS, params.get("order")),
    page: Number.isInteger(page) && page >= 1 && page <= 1000 ? page : undefined,
  };
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as PipelineQuery;
}

/** The URL query of a pipeline query: only what differs from the defaults. */
export function paramsFromQuery(query: PipelineQuery): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string | number | undefined) => {
    if (value !== undefined && value !== "") params.set(key, String(value));
  };
  set("q", query.search);
  set("step", query.status);
  set("officer", query.loanOfficerId);
  set("dateOf", query.dateOf === "created" ? "created" : undefined);
  set("from", query.from);
  set("to", query.to);
  set("sort", query.sort && query.sort !== "updated" ? query.sort : undefined);
  set("order", query.order === "asc" ? "asc" : undefined);
  set("page", query.page && query.page > 1 ? query.page : undefined);
  return params;
}
