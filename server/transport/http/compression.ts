// Gzip where it pays: a response of a compressible type whose known length is at least the
// threshold. A small answer (most tRPC answers, refusals) costs a compressor's setup (a 256 KB
// zlib state) for a few bytes saved, so it goes as it is; so does one of unknown length: every
// large response we make states its length (the built files, the tRPC handler).
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

const gzipAsync = promisify(gzip);

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** Whether Accept-Encoding admits gzip (by name or `*`, with a q-value above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name.trim() === "gzip") return allowed;
    if (name.trim() === "*") wildcard = allowed;
  }
  return wildcard;
}

/**
 * A text answer gzipped when it is at least `threshold` bytes and the client takes gzip (zlib's
 * work runs on libuv's pool, off the event loop); null when it goes as it is. For handlers that
 * make their own answer (the tRPC endpoint) instead of passing through compressLarge.
 */
export async function gzipIfLarge(
  text: string,
  bytes: number,
  acceptEncoding: string | undefined,
  threshold = 1024,
): Promise<Buffer | null> {
  if (bytes < threshold || !acceptsGzip(acceptEncoding)) return null;
  return gzipAsync(text);
}

/** `passBy`: a path prefix whose handlers compress their own answers (their headers are never read here). */
export function compressLarge({
  threshold = 1024,
  passBy,
}: { threshold?: number; passBy?: string } = {}): MiddlewareHandler {
  return async (c, next) => {
    if (passBy !== undefined && c.req.path.startsWith(passBy)) return next();
    await next();
    if (c.req.method === "HEAD") return;
    const res = c.res;
    const headers = res.headers;
    const length = Number(headers.get("content-length") ?? NaN);
    if (
      !(length >= threshold) ||
      res.status === 206 ||
      headers.has("content-encoding") ||
      headers.has("transfer-encoding")
    )
      return;
    if (
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(headers.get("content-type") ?? "") ||
      NO_TRANSFORM.test(headers.get("cache-control") ?? "")
    )
      return;
    const vary = headers.get("vary");
    if (vary !== "*" && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary ?? ""))
      headers.set("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    if (!acceptsGzip(c.req.header("accept-encoding")) || !res.body) return;
    c.res = new Response(res.body.pipeThrough(new CompressionStream("gzip")), res);
    c.res.headers.delete("content-length");
    c.res.headers.set("content-encoding", "gzip");
    const etag = c.res.headers.get("etag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("etag", `W/${etag}`);
  };
}
