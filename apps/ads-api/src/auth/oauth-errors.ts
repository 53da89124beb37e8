import { WIRE_ERROR_MESSAGES } from "@adsgraph/models";
import type { OAuthVerificationError } from "@adsgraph/oauth";
import type { ApiError } from "../errors.js";
import { AuthenticationError, ERROR_CODES, RateLimitError } from "../errors.js";

/** The code's fixed message with the verifier's detail: "Bad Authentication data: <detail>." */
function detailed(code: keyof typeof WIRE_ERROR_MESSAGES, detail: string): string {
  return `${WIRE_ERROR_MESSAGES[code].replace(/\.$/, "")}: ${detail}.`;
}

/**
 * How a failed OAuth 1.0a verification is answered (401 but for the nonce share):
 * - unknown or invalidated token → 89 "Invalid or expired token" (spec §7);
 * - timestamp outside the window → 135 "Timestamp out of bounds";
 * - no, malformed or incomplete OAuth parameters → 215 "Bad Authentication data";
 * - bad signature, unknown consumer key, replayed nonce → 32 "Could not authenticate you";
 * - more signed requests within the timestamp window than this client's share of the nonce
 *   store → 429 code 88 with `retry-after` (that client alone is refused; a signature was
 *   verified, so this is a rate limit, not a failed authentication).
 * Messages name the parameter at fault, never a credential's value.
 */
export function toAuthError(error: OAuthVerificationError): ApiError {
  switch (error.reason) {
    case "unknown_token":
    case "invalidated_token":
      return new AuthenticationError(
        ERROR_CODES.INVALID_OR_EXPIRED_TOKEN,
        WIRE_ERROR_MESSAGES[ERROR_CODES.INVALID_OR_EXPIRED_TOKEN],
      );
    case "stale_timestamp":
      return new AuthenticationError(
        ERROR_CODES.TIMESTAMP_OUT_OF_BOUNDS,
        WIRE_ERROR_MESSAGES[ERROR_CODES.TIMESTAMP_OUT_OF_BOUNDS],
        "oauth_timestamp",
      );
    case "missing_parameter":
    case "duplicate_parameter":
    case "bad_parameter":
    case "malformed_header":
    case "unsupported_signature_method":
    case "bad_version":
      return new AuthenticationError(
        ERROR_CODES.BAD_AUTHENTICATION_DATA,
        detailed(ERROR_CODES.BAD_AUTHENTICATION_DATA, error.message),
        error.parameter,
      );
    case "nonce_limit":
      return new RateLimitError(
        detailed(ERROR_CODES.RATE_LIMIT_EXCEEDED, error.message),
        error.retryAfterSeconds === undefined
          ? {}
          : { "retry-after": String(error.retryAfterSeconds) },
      );
    case "bad_signature":
    case "unknown_consumer":
    case "replay":
    case "bad_credentials":
      return new AuthenticationError(
        ERROR_CODES.COULD_NOT_AUTHENTICATE,
        WIRE_ERROR_MESSAGES[ERROR_CODES.COULD_NOT_AUTHENTICATE],
      );
  }
}
