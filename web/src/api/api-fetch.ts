// The one fetch for our API: every request says it is same-origin (X-Same-Origin: 1, which a
// cross-site form cannot send), and every POST/PUT/PATCH carries a fresh bot-check token unless
// the caller knows the endpoint does not check one (sign-out, the auth log). A token the server
// refuses (spent, expired: reason "bot-check-…") is replaced by a fresh one and the request sent
// once more; a second refusal is the caller's to show.
import { botToken } from "./bot-check";

const MUTATING = new Set(["POST", "PUT", "PATCH"]);

export interface ApiFetchOptions {
  /** Defaults to true for POST, PUT and PATCH. */
  botCheck?: boolean;
}

/** The `reason` of a guard's refusal, in tRPC's error shape (data.reason) or the plain one (error.reason). */
export async function refusalReason(res: Response): Promise<string | null> {
  if (res.status !== 403) return null;
  try {
    const body = (await res.clone().json()) as {
      error?: { reason?: unknown; data?: { reason?: unknown } } | string;
      reason?: unknown;
    };
    // tRPC's shape (error.data.reason), the plain one (error.reason), the sign-in endpoints' NextAuth one (reason).
    const error = typeof body.error === "object" ? body.error : undefined;
    const reason = error?.data?.reason ?? error?.reason ?? body.reason;
    return typeof reason === "string" ? reason : null;
  } catch {
    return null;
  }
}

/** A refused token worth replacing: not one that was never sent, nor a check that is down. */
export const isRetryableBotRefusal = (reason: string | null) =>
  reason !== null &&
  reason.startsWith("bot-check-") &&
  reason !== "bot-check-missing" &&
  reason !== "bot-check-unavailable";

export async function apiFetch(
  input: RequestInfo | URL,
  init: RequestInit = {},
  options: ApiFetchOptions = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("X-Same-Origin", "1");
  const method = (init.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
  const checked = options.botCheck ?? MUTATING.has(method);
  if (checked) headers.set("X-Recaptcha-Token", await botToken());
  const res = await fetch(input, { ...init, headers, credentials: "same-origin" });
  if (!checked || input instanceof Request || !isRetryableBotRefusal(await refusalReason(res))) return res;
  headers.set("X-Recaptcha-Token", await botToken());
  return fetch(input, { ...init, headers, credentials: "same-origin" });
}
