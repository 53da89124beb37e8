import { isCrcAnswer, newCrcToken } from "./webhook-signature.js";
import { sendToReceiver } from "./webhook-http.js";

/**
 * The challenge-response check of a webhook URL (X's CRC): `GET <url>?crc_token=<random>` must
 * answer 200 with JSON `{"response_token": "sha256=" + base64 HMAC-SHA256(consumer secret,
 * crc_token)}`. Returns why it failed, or undefined when it passed. The reasons name what the
 * receiver did (status, body shape), never the token, the expected answer or the secret.
 */
export async function crcProblem(
  url: string,
  consumerSecret: string,
  timeoutMs: number,
): Promise<string | undefined> {
  const crcToken = newCrcToken();
  const target = new URL(url);
  target.searchParams.set("crc_token", crcToken);
  let answer;
  try {
    answer = await sendToReceiver(target.href, { method: "GET" }, timeoutMs, undefined, true);
  } catch (error) {
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
