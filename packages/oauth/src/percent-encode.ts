import { OAuthErrorCode, OAuthProtocolError } from "./errors.js";

const UNRESERVED = /^[A-Za-z0-9._~-]*$/;

/**
 * RFC 5849 §3.6: every byte of the UTF-8 form is escaped except the RFC 3986 unreserved set
 * (ALPHA, DIGIT, "-", ".", "_", "~"). encodeURIComponent leaves `!'()*` alone, so those are
 * escaped here too; a stray `*` in a signed value is the classic cause of 401s.
 * A string with a lone surrogate has no UTF-8 form and is refused (the value is not echoed).
 */
export function percentEncode(value: string): string {
  // Most values (ids, keys, hex nonces, numbers) need no escape: returned as they are.
  if (UNRESERVED.test(value)) return value;
  let encoded: string;
  try {
    encoded = encodeURIComponent(value);
  } catch {
    throw new OAuthProtocolError(
      OAuthErrorCode.INVALID_ARGUMENT,
      "a parameter is not well-formed Unicode (lone surrogate) and cannot be encoded",
    );
  }
  return encoded.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Strict RFC 3986 percent-decoding for Authorization header values (RFC 5849 §3.5.1): a `%`
 * must start a valid escape and the bytes must be UTF-8; otherwise `undefined`.
 * `+` stays a plus sign here: only form bodies and query strings treat it as a space.
 */
export function percentDecodeStrict(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
