// The tRPC endpoint on Hono. tRPC's fetch adapter (resolveResponse, which @hono/trpc-server and
// the node adapter also go through) makes three AbortControllers and two AbortSignal.any for
// every request, and on Node 20 those cost more than the rest of a trivial call together (npm run
// bench: the framework ceiling). So the calls our web client makes, JSON queries by GET and
// mutations by POST, batched or not, are answered here on tRPC's own core: its request parser,
// its procedure call, its error shape and its status code, the same answers without the signals.
// Anything else (a stream or a subscription; we have none) goes to the fetch adapter unchanged.
// The answer's headers are a plain record and its body a string (gzipped here when large), which
// node-server writes straight to node's response; headers come from node's parsed request.
import type { Context as HonoContext } from "hono";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import {
  defaultTransformer,
  getErrorShape,
  getHTTPStatusCode,
  getRequestInfo,
  getTRPCErrorFromUnknown,
  transformTRPCResponse,
  TRPCError,
  type AnyRouter,
  type inferRouterContext,
  type TRPCRequestInfo,
} from "@trpc/server/unstable-core-do-not-import";
import { gzipIfLarge } from "../http/compression";
import { incomingOf, requestHeader, requestHeaders } from "../http/incoming";
import { HeaderRecord, type ResponseHeaders } from "../http/response-headers";

export interface TrpcHandlerOptions<R extends AnyRouter> {
  router: R;
  /** Where the router is mounted: "/api/trpc". */
  endpoint: string;
  createContext(
    opts: { req: Request; resHeaders: ResponseHeaders },
    c: HonoContext,
  ): Promise<inferRouterContext<R>>;
  onError?(opts: { error: TRPCError; path: string | undefined }): void;
  /** The most calls one batch may carry (tRPC's own option). */
  maxBatchSize?: number;
  /** Headers every answer carries (the security headers), sent in the answer's one head. */
  headers?: Record<string, string>;
}

/** Our calls finish their short work whether or not the client waits; nothing watches this signal. */
const NEVER_ABORTED = new AbortController().signal;

/**
 * The request as tRPC reads it, without making node-server build a full fetch Request (its
 * lightweight one turns into a real one, body stream and all, on the first read of `signal`).
 * The body is read through Hono, which keeps it for every middleware that read it before. A
 * class, so a call allocates one small object rather than a literal's getters and closures.
 */
class TrpcRequest {
  constructor(
    private readonly c: HonoContext,
    private readonly signalOf: (c: HonoContext) => AbortSignal,
    readonly headers: Pick<Headers, "get" | "has"> = c.req.raw.headers,
  ) {}
  get method() {
    return this.c.req.raw.method;
  }
  get url() {
    return this.c.req.raw.url;
  }
  get signal() {
    return this.signalOf(this.c);
  }
  get body() {
    return this.c.req.raw.body;
  }
  json() {
    return this.c.req.json();
  }
  text() {
    return this.c.req.text();
  }
  formData() {
    return this.c.req.formData();
  }
}
const requestOf = (
  c: HonoContext,
  signalOf: (c: HonoContext) => AbortSignal,
  headers?: Pick<Headers, "get" | "has">,
) => new TrpcRequest(c, signalOf, headers) as unknown as Request;
const neverAborted = () => NEVER_ABORTED;

/** A signal that aborts when the client leaves before the answer is sent (node-server's connection). */
function leavingSignal(c: HonoContext): AbortSignal {
  const controller = new AbortController();
  const outgoing = (
    c.env as
      { outgoing?: { once(event: string, f: () => void): void; writableFinished: boolean } } | undefined
  )?.outgoing;
  outgoing?.once("close", () => {
    if (!outgoing.writableFinished) controller.abort();
  });
  return controller.signal;
}

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, "");

/** What tRPC's procedure call passes each of its middlewares (internal to tRPC, read here only). */
interface LayerOptions {
  ctx: object;
  input?: unknown;
  getRawInput: () => Promise<unknown>;
  [key: string]: unknown;
}
type LayerResult = { ok: true; data: unknown } | { ok: false; error: TRPCError };
interface Layers {
  middlewares: ((
    opts: LayerOptions & { meta: unknown; next: (nextOpts?: Partial<LayerOptions>) => Promise<LayerResult> },
  ) => Promise<LayerResult>)[];
  meta: unknown;
}

/**
 * A procedure's middlewares run in turn as tRPC's own procedure call runs them (callRecursive: the
 * same options, context merging and failure result), but with the language's object spread: tRPC's
 * build copies the options with a Babel helper (property by property, through defineProperty) twice
 * at each layer, about 15 µs of a step.get (bench/profile.ts).
 */
async function callLayers(layers: Layers, opts: LayerOptions, index = 0): Promise<LayerResult> {
  try {
    return await layers.middlewares[index]!({
      ...opts,
      meta: layers.meta,
      next: (nextOpts) =>
        callLayers(
          layers,
          {
            ...opts,
            ctx: nextOpts?.ctx ? { ...opts.ctx, ...nextOpts.ctx } : opts.ctx,
            input: nextOpts && "input" in nextOpts ? nextOpts.input : opts.input,
            getRawInput: nextOpts?.getRawInput ?? opts.getRawInput,
          },
          index + 1,
        ),
    });
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause), marker: "middlewareMarker" } as LayerResult;
  }
}

/** A procedure's answer, or its failure thrown (as calling the procedure itself does). */
async function callProcedure(procedure: { _def: object }, opts: LayerOptions): Promise<unknown> {
  const result = await callLayers(procedure._def as Layers, opts);
  if (!result)
    throw new TRPCError({
      code: "INTERNAL_SERVER_ERROR",
      message: "No result from middlewares - did you forget to `return next()`?",
    });
  if (!result.ok) throw result.error;
  return result.data;
}

export function trpcHandler<R extends AnyRouter>(opts: TrpcHandlerOptions<R>) {
  const { router, onError, maxBatchSize } = opts;
  const config = router._def._config;
  const endpoint = trimSlashes(opts.endpoint);
  const identityTransform = config.transformer === defaultTransformer;
  const answerHeaders = { ...opts.headers, vary: "trpc-accept, accept", "content-type": "application/json" };

  /** The fetch adapter, for what this handler does not answer itself. */
  const viaFetchAdapter = (c: HonoContext) =>
    fetchRequestHandler({
      router,
      endpoint: opts.endpoint,
      req: requestOf(c, leavingSignal),
      createContext: ({ req, resHeaders }) => opts.createContext({ req, resHeaders }, c),
      ...(maxBatchSize === undefined ? {} : { maxBatchSize }),
      ...(onError ? { onError: ({ error, path }) => onError({ error, path }) } : {}),
    });

  type Call = TRPCRequestInfo["calls"][number];
  /** A failure in tRPC's error shape (reported to onError with its call's path). */
  const shapeOf = (
    cause: unknown,
    ctx: inferRouterContext<R> | undefined,
    type: TRPCRequestInfo["type"],
    call?: Call,
  ) => {
    const error = getTRPCErrorFromUnknown(cause);
    onError?.({ error, path: call?.path });
    return {
      error: getErrorShape({
        config,
        ctx,
        error,
        input: call?.result(),
        path: call?.path,
        type: call?.procedure?._def.type ?? type,
      }),
    };
  };
  /** One call of the request, answered or refused in tRPC's shape. */
  const answerCall = async (call: Call, method: string, ctx: inferRouterContext<R>) => {
    try {
      const procedure = call.procedure;
      if (!procedure)
        throw new TRPCError({ code: "NOT_FOUND", message: `No procedure found on path "${call.path}"` });
      const type = procedure._def.type;
      if (method !== (type === "mutation" ? "POST" : "GET"))
        throw new TRPCError({
          code: "METHOD_NOT_SUPPORTED",
          message: `Unsupported ${method}-request to ${type} procedure at path "${call.path}"`,
        });
      const data = await callProcedure(procedure, {
        path: call.path,
        getRawInput: call.getRawInput,
        ctx: ctx as object,
        type,
        signal: undefined,
        batchIndex: call.batchIndex,
      });
      return { result: { data } };
    } catch (cause) {
      return shapeOf(cause, ctx, "unknown", call);
    }
  };

  return async (c: HonoContext): Promise<Response> => {
    const method = c.req.method;
    if (method === "HEAD") return new Response(null, { status: 204 });
    const streaming = requestHeader(c, "trpc-accept") === "application/jsonl";
    if (streaming || (method !== "GET" && method !== "POST")) return viaFetchAdapter(c);

    const req = requestOf(c, neverAborted, requestHeaders(c));
    // The path and query as sent (still percent-encoded), from the URL string: no URL object.
    const url = req.url;
    const query = url.indexOf("?");
    const pathname = url.slice(url.indexOf("/", url.indexOf("//") + 2), query < 0 ? undefined : query);
    const searchParams = new URLSearchParams(query < 0 ? "" : url.slice(query + 1));
    const headers = new HeaderRecord(answerHeaders);
    let info: TRPCRequestInfo | undefined;
    let ctx: inferRouterContext<R> | undefined;
    let body: unknown;
    try {
      const encoded = trimSlashes(trimSlashes(pathname).slice(endpoint.length));
      let path: string;
      try {
        path = decodeURIComponent(encoded);
      } catch (cause) {
        throw new TRPCError({
          code: "BAD_REQUEST",
          message: `Invalid URL-encoding in path "${encoded}"`,
          cause,
        });
      }
      // No URL object: nothing after the parser reads one (the fetch adapter's path, which may, makes its own).
      info = await getRequestInfo({
        req,
        path,
        router,
        searchParams,
        headers: req.headers as Headers,
        url: null,
        maxBatchSize,
      });
      if (info.type === "subscription") return viaFetchAdapter(c);
      ctx = await opts.createContext({ req, resHeaders: headers }, c);
      const calls = info.calls;
      if (info.isBatchCall) body = await Promise.all(calls.map((call) => answerCall(call, method, ctx!)));
      else body = await answerCall(calls[0]!, method, ctx);
    } catch (cause) {
      body = shapeOf(cause, ctx, info?.type ?? "unknown");
    }
    const status = getHTTPStatusCode(body as Parameters<typeof getHTTPStatusCode>[0]);
    // The default transformer serializes as it is: its shallow copies of every answer change nothing.
    const text = JSON.stringify(
      identityTransform
        ? body
        : transformTRPCResponse(config, body as Parameters<typeof transformTRPCResponse>[1]),
    );
    const bytes = Buffer.byteLength(text);
    const gzipped = await gzipIfLarge(text, bytes, requestHeader(c, "accept-encoding"));
    if (gzipped) {
      headers.append("vary", "Accept-Encoding");
      headers.set("content-encoding", "gzip");
    }
    headers.set("content-length", String(gzipped ? gzipped.length : bytes));
    // node-server writes a plain record as it is; any other Response wants a real Headers.
    return new Response(gzipped ? new Uint8Array(gzipped.buffer, gzipped.byteOffset, gzipped.length) : text, {
      status,
      headers: incomingOf(c) ? (headers.record as Record<string, string>) : headers.toHeaders(),
    });
  };
}
