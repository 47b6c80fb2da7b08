// The server's log: pino, one JSON object a line on stdout in production (what a log shipper
// reads), the same lines made human-readable by pino-pretty in development. What goes in is
// chosen where it is written, field by field (server/transport/http/request-log.ts for a request):
// never a request's body, query, cookies or headers, so no answer an applicant typed, no address,
// no token reaches it. An error is logged by its kind (`err: "TypeError"`), never its message,
// which may quote personal data.
import { pino, type DestinationStream, type Logger } from "pino";

export type Log = Logger;

export interface LogOptions {
  /** Development: human-readable lines (pino-pretty, a devDependency: JSON when it is not installed). */
  dev: boolean;
  /** No lines on stdout (tests): only to `destination`, when one is given. */
  quiet: boolean;
  /** Where the lines go instead of stdout (tests read a whole journey's log from one). */
  destination?: DestinationStream;
  /** The least level written (LOG_LEVEL; info). */
  level?: string;
  /** Fields on every line (which of the server's processes wrote it, when there are several). */
  base?: Record<string, unknown>;
}

/**
 * Field names that hold personal data or secrets anywhere in the product: a line that names one
 * (at the top or one level down, `{ user: { email } }`) gets "[redacted]" instead of the value. A
 * second guard only: what a line holds is still chosen where it is written.
 */
const PERSONAL = [
  "email",
  "ssn",
  "dateOfBirth",
  "phone",
  "firstName",
  "lastName",
  "middleName",
  "name",
  "borrowerName",
  "holderName",
  "accountNumber",
  "routingNumber",
  "password",
  "token",
  "code",
  "cookie",
  "authorization",
];
export const REDACTED_PATHS = PERSONAL.flatMap((key) => [key, `*.${key}`]);
const CENSOR = "[redacted]";

/** pino's level numbers by name, for the lines read back (tests, the log test). */
export const LEVELS = pino.levels.values;

export function createLog({ dev, quiet, destination, level = "info", base }: LogOptions): Log {
  const options = {
    level,
    // No pid and hostname on every line: a container's or unit's log already says where it came from.
    base,
    // A level's name, not its number: what people filter on.
    formatters: { level: (label: string) => ({ level: label }) },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: CENSOR },
  };
  if (destination) return pino(options, destination);
  if (quiet) return pino({ ...options, level: "silent" });
  if (dev)
    try {
      return pino({
        ...options,
        transport: {
          target: "pino-pretty",
          options: { translateTime: "HH:MM:ss", singleLine: true, ignore: "reqId" },
        },
      });
    } catch {
      // A production install (npm ci --omit=dev) run in development mode: JSON lines, as in production.
    }
  return pino(options, pino.destination({ dest: 1, sync: true }));
}

/**
 * The same log for lines whose every field is a scalar chosen where it is written (the request
 * line, one per request): the personal names are censored at the top, where such a line has all
 * its fields, and the wildcard paths (one level down, where it has none) are left out. pino's
 * redaction docs say wildcard paths carry a non-trivial cost; here they were ~14 µs of a line's
 * ~17 (docs/performance.md). A child logger made once: pino's documented `redact` option of
 * `child()`, which replaces the parent's paths for that child only.
 */
export const flatLineLog = (log: Log): Log => log.child({}, { redact: { paths: PERSONAL, censor: CENSOR } });

/** An error's kind for a log line: its name (TypeError, WriteConflict), never its message. */
export const errorKind = (error: unknown) =>
  error instanceof Error ? error.name : typeof error === "object" && error ? "object" : typeof error;
