import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The header carrying a webhook delivery's signature, as the best-known implementation of this
 * API (the Account Activity API) names it (issue 18; spec §6 does not show the signing).
 */
export const WEBHOOK_SIGNATURE_HEADER = "x-twitter-webhooks-signature";

const PREFIX = "sha256=";
/** A SHA-256 digest in standard base64: 43 characters and one `=`. */
const SIGNATURE_PATTERN = /^sha256=[A-Za-z0-9+/]{43}=$/;

function hmac(secret: string, message: string | Uint8Array): Buffer {
  return createHmac("sha256", secret).update(message).digest();
}

/**
 * The answer to the challenge-response check (`GET <webhook url>?crc_token=…`): send it back
 * as the JSON body of a 200. Keyed by the app's consumer secret.
 */
export function crcResponse(crcToken: string, consumerSecret: string): { response_token: string } {
  return { response_token: PREFIX + hmac(consumerSecret, crcToken).toString("base64") };
}

/**
 * The signature header value of a delivery body: `sha256=` + base64 HMAC-SHA256 of the exact
 * body bytes, keyed by the consumer secret. Strings are signed as their UTF-8 bytes.
 */
export function signWebhookBody(rawBody: string | Uint8Array, consumerSecret: string): string {
  return PREFIX + hmac(consumerSecret, rawBody).toString("base64");
}

/**
 * Whether `headerValue` (the `x-twitter-webhooks-signature` header) signs `rawBody` with the
 * consumer secret. Pass the body exactly as received (bytes, or the unparsed text): a parsed
 * and re-serialised JSON body does not verify. A missing or malformed header is `false`; it
 * never throws, and the comparison takes the same time wherever the signatures differ.
 */
export function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  headerValue: string | readonly string[] | undefined,
  consumerSecret: string,
): boolean {
  // Node gives a repeated header as an array: a delivery has exactly one signature.
  if (typeof headerValue !== "string") return false;
  const value = headerValue.trim();
  if (!SIGNATURE_PATTERN.test(value)) return false;
  const given = Buffer.from(value.slice(PREFIX.length), "base64");
  const expected = hmac(consumerSecret, rawBody);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
