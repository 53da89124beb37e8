import { setTimeout as delay } from "node:timers/promises";
import { Agent } from "undici";
import type { Dispatcher } from "undici";
import type { HeaderReader } from "./rate-limit.js";

/**
 * Runs an attempt's hand-over to the pool in the caller's scope (`CallOptions.scope`): must
 * call `send` once and return what it returns.
 */
export type SendScope = <T>(send: () => T) => T;

export interface TransportOptions {
  /** Sockets per origin (default 16). */
  readonly connections?: number | undefined;
  /** How long an idle keep-alive socket is kept (default 10 s). */
  readonly keepAliveTimeoutMs?: number | undefined;
  /** Bring your own undici dispatcher; the client then never closes it. */
  readonly dispatcher?: Dispatcher | undefined;
}

export interface OutgoingRequest {
  readonly method: string;
  /** A URL object is used as it is (not serialised and parsed again). */
  readonly url: string | URL;
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
  /** Per-attempt limit from sending to the full body (to the headers for streams). */
  readonly timeoutMs: number;
  readonly signal: AbortSignal | undefined;
  /** Runs the hand-over to the pool (`CallOptions.scope`); default: as is. */
  readonly scope?: SendScope | undefined;
  /** `stream`: resolve at the headers of a 2xx answer and hand over the body unread. */
  readonly mode: "text" | "stream";
}

export interface IncomingAnswer {
  readonly status: number;
  readonly headers: HeaderReader;
  /** Every header, names lower-cased as HTTP/undici deliver them and otherwise untouched. */
  readonly headerRecord: Readonly<Record<string, string>>;
  /** The body text; "" in stream mode for a 2xx answer, and for a 2xx binary answer. */
  readonly text: string;
  /**
   * The body of a 2xx answer that says it is binary (`application/gzip`, `application/x-gzip`,
   * `application/octet-stream`, or `content-encoding: gzip`): a job's result file. The caller
   * decodes it (`gunzip.ts`).
   */
  readonly bytes?: Uint8Array | undefined;
  /** The unread body of a 2xx answer in stream mode. */
  readonly stream: AsyncIterable<Uint8Array> | undefined;
  /** Ends the stream (stream mode). */
  readonly close: () => void;
}

/** Why an attempt got no answer. `sent: false` means the request never left the client. */
export type TransportFailure =
  | { readonly kind: "timeout"; readonly sent: boolean }
  | { readonly kind: "aborted" }
  | { readonly kind: "network"; readonly sent: boolean; readonly code: string | undefined };

export class TransportError extends Error {
  override readonly name = "TransportError";
  constructor(readonly failure: TransportFailure) {
    super(failure.kind);
  }
}

/** Connection-phase failures: the request was certainly not written. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const BINARY_TYPES = /^application\/(?:x-)?gzip|^application\/octet-stream/i;

/** Whether a 2xx answer's body is bytes to hand over undecoded (see `IncomingAnswer.bytes`). */
function isBinary(headers: Readonly<Record<string, string>>): boolean {
  const encoding = headers["content-encoding"];
  return (
    BINARY_TYPES.test(headers["content-type"] ?? "") ||
    (encoding !== undefined && /gzip/i.test(encoding))
  );
}

/** Node's header object as fetch would show it: repeated headers joined with ", ". */
function headerRecordOf(
  raw: Record<string, string | string[] | undefined>,
): Record<string, string> {
  const record: Record<string, string> = {};
  for (const name of Object.keys(raw)) {
    const value = raw[name];
    if (value !== undefined) record[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return record;
}

export interface Transport {
  send(request: OutgoingRequest): Promise<IncomingAnswer>;
  close(): Promise<void>;
}

/** One undici Agent (keep-alive pool per origin) and its request API. */
export function createTransport(options: TransportOptions = {}): Transport {
  const owned = options.dispatcher === undefined;
  const dispatcher =
    options.dispatcher ??
    new Agent({
      connections: options.connections ?? 16,
      keepAliveTimeout: options.keepAliveTimeoutMs ?? 10_000,
    });

  async function send(request: OutgoingRequest): Promise<IncomingAnswer> {
    const controller = new AbortController();
    // An object, so the timer's write is visible to the flow analysis of the catch below.
    const state = { timedOut: false, headersArrived: false };
    const timer = setTimeout(() => {
      state.timedOut = true;
      controller.abort();
    }, request.timeoutMs);
    const onCallerAbort = () => {
      controller.abort();
    };
    request.signal?.addEventListener("abort", onCallerAbort, { once: true });
    const cleanup = () => {
      clearTimeout(timer);
      request.signal?.removeEventListener("abort", onCallerAbort);
    };
    try {
      if (request.signal?.aborted === true) throw new TransportError({ kind: "aborted" });
      // undici's own request API, not fetch: no WHATWG Request/Response/stream objects per
      // call (a third of an upstream request's CPU), and the same pool, redirects untouched.
      const url = request.url instanceof URL ? request.url : new URL(request.url);
      const dispatch = () =>
        dispatcher.request({
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: request.method,
          headers: request.headers,
          body: request.body ?? null,
          signal: controller.signal,
        });
      const response = await (request.scope === undefined ? dispatch() : request.scope(dispatch));
      state.headersArrived = true;
      const headerRecord = headerRecordOf(response.headers);
      const headers: HeaderReader = { get: (name) => headerRecord[name.toLowerCase()] ?? null };
      const ok = response.statusCode >= 200 && response.statusCode < 300;
      if (request.mode === "stream" && ok) {
        clearTimeout(timer);
        const body = response.body;
        return {
          status: response.statusCode,
          headers,
          headerRecord,
          text: "",
          stream: body,
          close: () => {
            controller.abort();
            body.destroy();
            cleanup();
          },
        };
      }
      if (ok && isBinary(headerRecord)) {
        const bytes = new Uint8Array(await response.body.arrayBuffer());
        cleanup();
        const base = { status: response.statusCode, headers, headerRecord, text: "" };
        return { ...base, bytes, stream: undefined, close: () => undefined };
      }
      const text = await response.body.text();
      cleanup();
      return {
        status: response.statusCode,
        headers,
        headerRecord,
        text,
        stream: undefined,
        close: () => undefined,
      };
    } catch (error) {
      cleanup();
      if (error instanceof TransportError) throw error;
      if (state.timedOut) throw new TransportError({ kind: "timeout", sent: true });
      if (request.signal?.aborted === true) throw new TransportError({ kind: "aborted" });
      const code = causeCode(error);
      const sent = state.headersArrived || code === undefined || !NOT_SENT_CODES.has(code);
      throw new TransportError({ kind: "network", sent, code });
    }
  }

  // Closing twice must not reach undici, whose second close rejects with ClientDestroyedError.
  let closing: Promise<void> | undefined;
  return {
    send,
    async close() {
      if (owned) await (closing ??= dispatcher.close());
    },
  };
}

/** Waits `ms`, or rejects with the signal's reason when it fires first. */
export async function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  await delay(Math.max(0, ms), undefined, signal ? { signal } : undefined);
}
