import { redactString } from "./redact-text.js";

/**
 * Every error this package throws has one of these codes. Messages never contain secrets:
 * they name parameters, never values of tokens, secrets or signatures. (HTTP failures are
 * packages/rest-client's: this package sends nothing.)
 */
export const OAuthErrorCode = {
  /** A caller passed something unusable (bad URL, non-ASCII nonce, clashing parameters). */
  INVALID_ARGUMENT: "INVALID_ARGUMENT",
  /** An Authorization header that does not follow RFC 5849 §3.5.1. */
  MALFORMED_HEADER: "MALFORMED_HEADER",
  /** A server-side check of a signed request or Basic credentials failed. */
  VERIFICATION_FAILED: "VERIFICATION_FAILED",
  /** Anything else, wrapped by `toOAuthError`. */
  UNKNOWN: "UNKNOWN",
} as const;

export type OAuthErrorCode = (typeof OAuthErrorCode)[keyof typeof OAuthErrorCode];

/** Base class of every error thrown by @adsgraph/oauth. */
export class OAuthError extends Error {
  readonly code: OAuthErrorCode;

  constructor(code: OAuthErrorCode, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }

  /** What logs and JSON answers may show: no request, no body, no credentials. */
  toJSON(): Record<string, unknown> {
    return { name: this.name, code: this.code, message: this.message };
  }
}

/**
 * A protocol rule was broken by the caller's input. Codes used: INVALID_ARGUMENT,
 * MALFORMED_HEADER.
 */
export class OAuthProtocolError extends OAuthError {}

/** Why a server-side verification failed; the server maps these to its error codes. */
export type VerificationFailureReason =
  | "bad_signature"
  | "bad_credentials"
  | "unknown_consumer"
  | "unknown_token"
  | "invalidated_token"
  | "stale_timestamp"
  | "replay"
  /** This client (consumer key and token) sent more signed requests than its share of the
   * replay store holds within the timestamp window: refuse it alone, as a rate limit. */
  | "nonce_limit"
  | "missing_parameter"
  | "duplicate_parameter"
  | "bad_parameter"
  | "unsupported_signature_method"
  | "bad_version"
  | "malformed_header";

/** A signed request (or Basic credentials) was refused; `reason` says why. */
export class OAuthVerificationError extends OAuthError {
  readonly reason: VerificationFailureReason;
  /** The protocol parameter at fault, for missing/duplicate/bad parameter reasons. */
  readonly parameter: string | undefined;
  /** For `nonce_limit`: seconds until the client's oldest nonce expires and frees a place. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    reason: VerificationFailureReason,
    message: string,
    parameter?: string,
    retryAfterSeconds?: number,
  ) {
    super(OAuthErrorCode.VERIFICATION_FAILED, message);
    this.reason = reason;
    this.parameter = parameter;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      reason: this.reason,
      parameter: this.parameter,
      ...(this.retryAfterSeconds === undefined
        ? {}
        : { retryAfterSeconds: this.retryAfterSeconds }),
    };
  }
}

/** Turns any thrown value into an `OAuthError`, redacting a foreign message on the way. */
export function toOAuthError(value: unknown): OAuthError {
  if (value instanceof OAuthError) return value;
  const message = value instanceof Error ? redactString(value.message) : "unexpected failure";
  return new OAuthError(OAuthErrorCode.UNKNOWN, message);
}
