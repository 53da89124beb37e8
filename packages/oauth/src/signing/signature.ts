import { createHmac, createSecretKey } from "node:crypto";
import type { KeyObject } from "node:crypto";
import { percentEncode } from "../percent-encode.js";

/** RFC 5849 §3.4.2: the HMAC-SHA1 key is `encode(consumer secret)&encode(token secret)`. */
export function signingKey(consumerSecret: string, tokenSecret = ""): string {
  return `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
}

/** RFC 5849 §3.4.2: base64 of HMAC-SHA1 over the signature base string. */
export function hmacSha1Signature(
  baseString: string,
  consumerSecret: string,
  tokenSecret = "",
): string {
  return createHmac("sha1", signingKey(consumerSecret, tokenSecret))
    .update(baseString, "utf8")
    .digest("base64");
}

/**
 * The HMAC-SHA1 key of `signingKey` as a KeyObject, for whoever signs or verifies with one pair
 * of secrets many times: HMAC with it gives the bytes of `hmacSha1Signature`.
 */
export function createSigningKey(consumerSecret: string, tokenSecret = ""): KeyObject {
  return createSecretKey(Buffer.from(signingKey(consumerSecret, tokenSecret), "utf8"));
}
