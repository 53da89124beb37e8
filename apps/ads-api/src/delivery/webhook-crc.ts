import { isCrcAnswer, newCrcToken } from "./webhook-signature.js";
import type { Dispatcher } from "undici";
import { OutboundRefusedError } from "./outbound-guard.js";
import { sendToReceiver } from "./webhook-http.js";

/** The refusal of the outbound guard behind a failed fetch (undici wraps it as the cause). */
function refusalOf(error: unknown): OutboundRefusedError | undefined {
  for (let at = error, depth = 0; at instanceof Error && depth < 4; depth += 1) {
    if (at instanceof OutboundRefusedError) return at;
    at = at.cause;
  }
  return undefined;
}

/**
 * The challenge-response check of a webhook URL (X's CRC): `GET <url>?crc_token=<random>` must
 * answer 200 with JSON `{"response_token": "sha256=" + base64 HMAC-SHA256(consumer secret,
 * crc_token)}`. Returns why it failed, or undefined when it passed. The reasons name what the
 * receiver did (status, body shape), never the token, the expected answer or the secret, nor
 * the addresses a refused host resolved to. `dispatcher`: the server's outbound one (issue 34).
 */
export async function crcProblem(
  url: string,
  consumerSecret: string,
  timeoutMs: number,
  dispatcher?: Dispatcher,
): Promise<string | undefined> {
  const crcToken = newCrcToken();
  const target = new URL(url);
  target.searchParams.set("crc_token", crcToken);
  let answer;
  try {
    const init = { method: "GET" as const, ...(dispatcher && { dispatcher }) };
    answer = await sendToReceiver(target.href, init, timeoutMs, undefined, true);
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal !== undefined) return `the URL was not reached: ${refusal.reason}`;
    return error instanceof Error && error.name === "TimeoutError"
      ? `no answer within ${timeoutMs} ms`
      : "the URL could not be reached (connection failed)";
  }
  if (answer.status !== 200) {
    return answer.status >= 300 && answer.status < 400
      ? `it answered a redirect (${answer.status}); redirects are not followed`
      : `it answered HTTP ${answer.status}, not 200`;
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return "the answer is not JSON";
  }
  const token =
    typeof body === "object" && body !== null
      ? (body as Record<string, unknown>).response_token
      : undefined;
  if (typeof token !== "string") return "the answer has no response_token";
  if (!isCrcAnswer(token, crcToken, consumerSecret)) {
    return "response_token is not sha256=<base64 HMAC-SHA256 of crc_token keyed by the consumer secret>";
  }
  return undefined;
}
