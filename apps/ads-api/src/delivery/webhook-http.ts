/** Bytes of a receiver's answer read at most (a CRC answer is ~60 bytes of JSON). */
const ANSWER_LIMIT = 4096;

const USER_AGENT = "adsgraph-ads-api-webhooks/1";

export interface OutboundResult {
  readonly status: number;
  /** The start of the body (at most ANSWER_LIMIT bytes), when asked for. */
  readonly text: string;
}

/**
 * One request to a webhook receiver: redirects are never followed (a 3xx is the answer), the
 * whole exchange ends at `timeoutMs` or when `signal` aborts, and at most ANSWER_LIMIT bytes
 * of the answer are read — a receiver can neither hold a worker nor fill its memory. Throws
 * on a connection error, timeout or abort.
 */
export async function sendToReceiver(
  url: string,
  init: { method: "GET" | "POST"; headers?: Record<string, string>; body?: string },
  timeoutMs: number,
  signal?: AbortSignal,
  readBody = false,
): Promise<OutboundResult> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const response = await fetch(url, {
    method: init.method,
    headers: { "user-agent": USER_AGENT, ...init.headers },
    ...(init.body === undefined ? {} : { body: init.body }),
    redirect: "manual",
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
