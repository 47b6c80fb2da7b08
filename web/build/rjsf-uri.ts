// The two calls @rjsf/utils makes of fast-uri (findSchemaDefinition.ts: resolve a $ref against a
// base, compare two $ids), on the browser's own URL parser: fast-uri's 5 kB (gzip) of RFC 3986
// code left the funnel's first page (issue 24). The schemas the funnel renders have no $id and
// only local "#/..." refs (engine/definitions/bundle.ts), which RJSF resolves without either call; these
// answer the rest as the WHATWG URL standard does. Only RJSF's import is redirected
// (vite.config.ts): ajv, in development's live preview, keeps fast-uri.

/** `ref` resolved against `base`; as it is when either is not a URL this parser reads. */
function resolve(base: string, ref: string): string {
  try {
    return new URL(ref, base).href;
  } catch {
    return ref;
  }
}

const normalized = (uri: string) => {
  try {
    return new URL(uri).href;
  } catch {
    return uri;
  }
};

/** Whether two URIs are the same (scheme and host case, a default port aside). */
const equal = (a: string, b: string): boolean => normalized(a) === normalized(b);

export default { resolve, equal };
