// The one fetch for our API: every request says it is same-origin (X-Same-Origin: 1, which a
// cross-site form cannot send), and every POST/PUT/PATCH carries a fresh bot-check token unless
// the caller knows the endpoint does not check one (sign-out, the auth log).
import { botToken } from "./bot-check";

const MUTATING = new Set(["POST", "PUT", "PATCH"]);

export interface ApiFetchOptions {
  /** Defaults to true for POST, PUT and PATCH. */
  botCheck?: boolean;
}

export async function apiFetch(input: RequestInfo | URL, init: RequestInit = {}, options: ApiFetchOptions = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("X-Same-Origin", "1");
  const method = (init.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
  if (options.botCheck ?? MUTATING.has(method)) headers.set("X-Recaptcha-Token", await botToken());
  return fetch(input, { ...init, headers, credentials: "same-origin" });
}
