// The security headers of every response (the set hono's secureHeaders sends by default, with our
// content security policy), worked out once when the app is made. On node-server they are the
// response's defaults (ServerResponse.setHeader before the handler runs, which node merges into
// the head it writes): cheaper than a dozen Headers.set calls on every response after it is
// made, and a response that sets one itself (an upload's sandboxing CSP) keeps its own.
import type { MiddlewareHandler } from "hono";

export interface SecurityHeaderOptions {
  /** Directives by camelCase name (defaultSrc → default-src), each with its sources. */
  contentSecurityPolicy: Record<string, string[]>;
  /** The Strict-Transport-Security value, or false to send none (plain HTTP in development). */
  strictTransportSecurity: string | false;
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Every header and its value, in the order they are sent. */
export function securityHeaderList({
  contentSecurityPolicy,
  strictTransportSecurity,
}: SecurityHeaderOptions): [string, string][] {
  const csp = Object.entries(contentSecurityPolicy)
    .map(([directive, sources]) => [kebab(directive), ...sources].join(" "))
    .join("; ");
  return [
    ["content-security-policy", csp],
    ["cross-origin-opener-policy", "same-origin"],
    ["cross-origin-resource-policy", "same-origin"],
    ["origin-agent-cluster", "?1"],
    ["referrer-policy", "no-referrer"],
    ...(strictTransportSecurity
      ? [["strict-transport-security", strictTransportSecurity] as [string, string]]
      : []),
    ["x-content-type-options", "nosniff"],
    ["x-dns-prefetch-control", "off"],
    ["x-download-options", "noopen"],
    ["x-frame-options", "SAMEORIGIN"],
    ["x-permitted-cross-domain-policies", "none"],
    ["x-xss-protection", "0"],
  ];
}

interface NodeResponse {
  setHeader(name: string, value: string): unknown;
}

/** Every security header `response` does not set itself, added to it (an answer made before the middleware would run). */
export function withSecurityHeaders(response: Response, list: readonly [string, string][]): Response {
  for (const [name, value] of list) if (!response.headers.has(name)) response.headers.set(name, value);
  return response;
}

export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler {
  const list = securityHeaderList(options);
  return async (c, next) => {
    const outgoing = (c.env as { outgoing?: NodeResponse } | undefined)?.outgoing;
    if (outgoing && typeof outgoing.setHeader === "function") {
      for (const [name, value] of list) outgoing.setHeader(name, value);
      return next();
    }
    // Not on node-server (app.request in a test): the same headers on the response as made.
    await next();
    withSecurityHeaders(c.res, list);
  };
}
