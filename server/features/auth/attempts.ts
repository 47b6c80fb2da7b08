// Limits on sign-in attempts, per attacker rather than per victim (docs/security.md). Attempts
// are counted per (email, IP) and per IP, so wrong passwords or codes sent from elsewhere never
// refuse the owner on their own connection; the account itself is never locked, only slowed: after
// a few failures from anywhere, each further attempt on it waits a little longer, right or wrong
// (so the wait says nothing about the answer), up to a few seconds. The owner with the right
// password or code still gets in, from any IP.
import type { RateLimiter } from "@server/transport/security/rate-limit";
import type { Services } from "@server/services";
import type { SessionKind } from "./sessions";

/** Failures on an account (from anywhere) that cost no wait. */
export const FREE_FAILURES = 5;
export const MAX_DELAY_MS = 8_000;

/** How long an attempt on an account waits after `failures` recent failures: 0, then 0.5 s doubling, at most 8 s. */
export const delayAfter = (failures: number) =>
  failures < FREE_FAILURES ? 0 : Math.min(MAX_DELAY_MS, 500 * 2 ** (failures - FREE_FAILURES));

export function signInAttempts(services: Services, kind: SessionKind) {
  const { limits } = services;
  const account = (email: string) => `${kind}:${email}`;
  return {
    /** The limits one attempt counts against: this address from this IP, and this IP. */
    limits: (email: string, ip: string): [RateLimiter, string][] => [
      [limits.signInPerEmailIp, `${kind}:${email}:${ip}`],
      [limits.signInPerIp, `${kind}:${ip}`],
    ],
    /** The limits one code request counts against. */
    codeLimits: (email: string, ip: string): [RateLimiter, string][] => [
      [limits.codePerEmailIp, `${kind}:${email}:${ip}`],
      [limits.codePerIp, `${kind}:${ip}`],
    ],
    /** Waits as long as the account's recent failures ask. */
    async slowDown(email: string): Promise<void> {
      const wait = delayAfter(await limits.accountFailures.count(account(email)));
      if (wait > 0) await services.pause(wait);
    },
    /** A wrong password or code: the account slows down, and the failure is counted for monitoring. */
    async failed(email: string, factor: "password" | "code") {
      services.metrics.signInFailures.inc({ kind, factor });
      await limits.accountFailures.hit(account(email));
    },
    async succeeded(email: string, ip: string) {
      await limits.accountFailures.reset(account(email));
      await limits.signInPerEmailIp.reset(`${kind}:${email}:${ip}`);
    },
  };
}
