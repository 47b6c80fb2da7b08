// The security headers of every response: Hono's secureHeaders (its default set: COOP, CORP,
// Origin-Agent-Cluster, Referrer-Policy, X-Content-Type-Options, X-Frame-Options and the rest)
// with our content security policy, and HSTS only where the site is served over HTTPS. A
// response that sets one of them itself keeps its own (an uploaded file's sandboxing policy, the
// live preview's), which is secureHeaders' `overwrite: false`.
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";

export interface SecurityHeaderOptions {
  /** Directives by camelCase name (defaultSrc → default-src), each with its sources. */
  contentSecurityPolicy: Record<string, string[]>;
  /** The Strict-Transport-Security value, or false to send none (plain HTTP in development). */
  strictTransportSecurity: string | false;
}

export const securityHeaders = ({
  contentSecurityPolicy,
  strictTransportSecurity,
}: SecurityHeaderOptions): MiddlewareHandler =>
  secureHeaders({ contentSecurityPolicy, strictTransportSecurity, overwrite: false });
