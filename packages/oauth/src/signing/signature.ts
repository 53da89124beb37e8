import { createHmac } from "node:crypto";
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
