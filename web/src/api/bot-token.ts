// Browser side of the self-hosted bot check: solve the server's ALTCHA challenge with WebCrypto
// and wrap challenge and solution as the base64url token sent in X-Recaptcha-Token.
// No DOM and no Node APIs, so it runs in the browser and under the Node tests alike.
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";

/** Far beyond the expected solve (~50 ms median in desktop Chromium); a challenge expires after 10 minutes. */
const SOLVE_TIMEOUT_MS = 30_000;

/** `challenge` is the one in the altcha config from GET /api/botcheck/config?action=... */
export async function solveBotToken(challenge: Challenge): Promise<string> {
  // WebCrypto's subtle API exists only in secure contexts: https, or http on localhost/127.0.0.1.
  if (!globalThis.crypto?.subtle)
    throw new Error("bot check: needs a secure context (https or localhost) for WebCrypto");
  const solution = await solveChallenge({ challenge, deriveKey, timeout: SOLVE_TIMEOUT_MS });
  if (!solution) throw new Error("bot check: the challenge was not solved in time");
  const { counter, derivedKey } = solution;
  return toBase64Url(JSON.stringify({ challenge, solution: { counter, derivedKey } }));
}

function toBase64Url(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
