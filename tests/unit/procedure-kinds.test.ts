// The procedure kinds of server/transport/trpc/init.ts: each admits its reader, marks the answer no-store
// (refusals too) and turns a write that kept colliding into a conflict to retry.
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { WriteConflict } from "@server/persistence/db/client";
import {
  applicantProcedure,
  portalProcedure,
  router,
  visitorProcedure,
  type Context,
} from "@server/transport/trpc/init";

const session = { id: "s1", userId: "u1", expiresAt: new Date("2030-01-01") };
const api = router({
  mine: applicantProcedure.query(({ ctx }) => ({ user: ctx.applicant.userId, ip: ctx.ip })),
  staffOnly: portalProcedure.query(({ ctx }) => ctx.portal.userId),
  collide: visitorProcedure.mutation(() => {
    throw new WriteConflict();
  }),
});
const contextOf = (over: Partial<Context> = {}) =>
  ({
    services: {} as never,
    cookies: { get: () => undefined, set: () => {} },
    resHeaders: new Headers(),
    ip: "203.0.113.9",
    applicant: null,
    portal: null,
    ...over,
  }) satisfies Context;
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: TRPCError) => e.code,
  );

describe("procedure kinds", () => {
  it("gives an applicant procedure the session and the rest of the context, and marks its answer no-store", async () => {
    const ctx = contextOf({ applicant: session });
    expect(await api.createCaller(ctx).mine()).toEqual({ user: "u1", ip: "203.0.113.9" });
    expect(ctx.resHeaders.get("cache-control")).toBe("no-store");
  });

  it("refuses an applicant procedure without a session, the refusal no-store too", async () => {
    const ctx = contextOf({ portal: session });
    expect(await codeOf(api.createCaller(ctx).mine())).toBe("UNAUTHORIZED");
    expect(ctx.resHeaders.get("cache-control")).toBe("no-store");
  });

  it("refuses a portal procedure to an applicant session", async () => {
    expect(await codeOf(api.createCaller(contextOf({ applicant: session })).staffOnly())).toBe(
      "UNAUTHORIZED",
    );
    expect(await api.createCaller(contextOf({ portal: session })).staffOnly()).toBe("u1");
  });

  it("answers a write that kept colliding on the database with CONFLICT, not a server fault", async () => {
    expect(await codeOf(api.createCaller(contextOf()).collide())).toBe("CONFLICT");
  });
});
