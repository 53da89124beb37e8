import { redactString } from "./redact-text.js";

/**
 * Every error this package throws has one of these codes. Messages never contain secrets:
 * they name parameters, paths and statuses, never values of tokens, secrets or signatures.
 */
export const OAuthErrorCode = {
  /** A caller passed something unusable (bad URL, non-ASCII nonce, clashing parameters). */
  INVALID_ARGUMENT: "INVALID_ARGUMENT",
  /** An Authorization header that does not follow RFC 5849 §3.5.1. */
  MALFORMED_HEADER: "MALFORMED_HEADER",
  /** A 2xx answer whose body lacks or garbles the expected fields. */
  MALFORMED_RESPONSE: "MALFORMED_RESPONSE",
  /** request_token answered without `oauth_callback_confirmed=true` (spec §4.1). */
  CALLBACK_NOT_CONFIRMED: "CALLBACK_NOT_CONFIRMED",
  /** A server-side check of a signed request or Basic credentials failed. */
  VERIFICATION_FAILED: "VERIFICATION_FAILED",
  /** The server answered with a non-2xx status. */
  HTTP_ERROR: "HTTP_ERROR",
  /** The request never got an answer (connection refused, reset, aborted). */
  TRANSPORT_FAILED: "TRANSPORT_FAILED",
  /** /oauth2/token answered 2xx but not with a bearer token. */
  BEARER_TOKEN_INVALID: "BEARER_TOKEN_INVALID",
  /** /oauth2/token answered 403 with code 99: asked too often (spec §4.1, §7). */
  BEARER_RATE_LIMITED: "BEARER_RATE_LIMITED",
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
 * A protocol rule was broken by the caller's input or the peer's answer. Codes used:
 * INVALID_ARGUMENT, MALFORMED_HEADER, MALFORMED_RESPONSE, CALLBACK_NOT_CONFIRMED.
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

/** One entry of the `errors` array in a JSON error body (spec §7). */
export interface ApiErrorEntry {
  readonly code: number;
  /** The server's text, passed through `redactString` in case it echoes credentials. */
  readonly message: string;
}

/** A non-2xx answer. `errors` holds the parsed `{errors:[{code,message}]}` body, if any. */
export class OAuthHttpError extends OAuthError {
  readonly status: number;
  readonly errors: readonly ApiErrorEntry[];

  constructor(
    method: string,
    path: string,
    status: number,
    errors: readonly ApiErrorEntry[],
    code: OAuthErrorCode = OAuthErrorCode.HTTP_ERROR,
  ) {
    const codes = errors.length > 0 ? ` (codes ${errors.map((e) => e.code).join(", ")})` : "";
    super(code, `${method} ${path} answered ${status}${codes}`);
    this.status = status;
    this.errors = errors.map((e) => ({ code: e.code, message: redactString(e.message) }));
  }

  /** The numeric error codes of the body, e.g. `[89]` for an invalidated token. */
  get codes(): number[] {
    return this.errors.map((e) => e.code);
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), status: this.status, errors: this.errors };
  }
}

/** /oauth2/token answered 403 with code 99; callers must back off, never loop (spec §4.1). */
export class BearerRateLimitedError extends OAuthHttpError {
  constructor(method: string, path: string, errors: readonly ApiErrorEntry[]) {
    super(method, path, 403, errors, OAuthErrorCode.BEARER_RATE_LIMITED);
  }
}

/** /oauth2/token answered 2xx with something other than a bearer token. */
export class BearerTokenError extends OAuthError {
  constructor(message: string) {
    super(OAuthErrorCode.BEARER_TOKEN_INVALID, message);
  }
}

/** The HTTP exchange failed before an answer arrived. The cause's text is redacted. */
export class OAuthTransportError extends OAuthError {
  constructor(method: string, path: string, cause: unknown) {
    const detail = cause instanceof Error ? `: ${redactString(cause.message)}` : "";
    super(OAuthErrorCode.TRANSPORT_FAILED, `${method} ${path} failed${detail}`);
  }
}

/** Turns any thrown value into an `OAuthError`, redacting a foreign message on the way. */
export function toOAuthError(value: unknown): OAuthError {
  if (value instanceof OAuthError) return value;
  const message = value instanceof Error ? redactString(value.message) : "unexpected failure";
  return new OAuthError(OAuthErrorCode.UNKNOWN, message);
}
