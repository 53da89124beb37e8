import { fetch } from "undici";
import type { Dispatcher } from "undici";
import { createOutboundDispatcher } from "./outbound-dispatcher.js";
import { policyOf } from "./outbound-guard.js";

/** Bytes of a receiver's answer read at most (a CRC answer is ~60 bytes of JSON). */
const ANSWER_LIMIT = 4096;

const USER_AGENT = "adsgraph-ads-api-webhooks/1";

let strictDispatcher: Dispatcher | undefined;

/** Without a server's dispatcher: public addresses only, through the system resolver (fail closed). */
function outboundDispatcher(): Dispatcher {
  strictDispatcher ??= createOutboundDispatcher(policyOf([]), (message) => {
    process.emitWarning(`ads-api: ${message}`);
  });
  return strictDispatcher;
}

export interface OutboundResult {
  readonly status: number;
  /** The start of the body (at most ANSWER_LIMIT bytes), when asked for. */
  readonly text: string;
}

/**
 * One request to a webhook receiver: redirects are never followed (a 3xx is the answer), the
 * whole exchange ends at `timeoutMs` or when `signal` aborts, and at most ANSWER_LIMIT bytes
 * of the answer are read — a receiver can neither hold a worker nor fill its memory. The
 * connection goes through the outbound dispatcher (`init.dispatcher`, else a strict public-only one):
 * an address inside a network is never reached (issue 34). Throws on a connection error (an
 * `OutboundRefusedError` as the cause when refused), timeout or abort.
 */
export async function sendToReceiver(
  url: string,
  init: {
    method: "GET" | "POST";
    headers?: Record<string, string>;
    body?: string;
    dispatcher?: Dispatcher;
  },
  timeoutMs: number,
  signal?: AbortSignal,
  readBody = false,
): Promise<OutboundResult> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const response = await fetch(url, {
    method: init.method,
    headers: { "user-agent": USER_AGENT, ...init.headers },
    ...(init.body === undefined ? {} : { body: init.body }),
    // A redirect could lead anywhere, a private address included: the 3xx is the answer.
    redirect: "manual",
    dispatcher: init.dispatcher ?? outboundDispatcher(),
    signal: signal === undefined ? timeout : AbortSignal.any([timeout, signal]),
  });
  if (!readBody || response.body === null) {
    await response.body?.cancel().catch(() => undefined);
    return { status: response.status, text: "" };
  }
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > ANSWER_LIMIT) {
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  const text = Buffer.concat(chunks).subarray(0, ANSWER_LIMIT).toString("utf8");
  return { status: response.status, text };
}
