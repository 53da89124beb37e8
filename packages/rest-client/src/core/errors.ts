import { ValidationError, WIRE_ERROR_CODES } from "@adsgraph/models";
import type { Violation } from "@adsgraph/models";
import { OAuthError, redactString } from "@adsgraph/oauth";
import type { RateLimitState } from "./rate-limit.js";
import { hideSensitiveValue } from "./redaction.js";

/** Codes of every error this package throws. */
export const REST_CLIENT_ERROR_CODES = {
  /** Parameters broke the catalog's rules; nothing was sent. */
  VALIDATION_FAILED: "VALIDATION_FAILED",
  /** The connection failed or broke before a full answer arrived. */
  NETWORK: "NETWORK",
  /** No full answer within the timeout. */
  TIMEOUT: "TIMEOUT",
  /** The caller's AbortSignal fired. */
  ABORTED: "ABORTED",
  /** The server answered with a non-2xx status. */
  API_ERROR: "API_ERROR",
  /** 401, or the bearer endpoint's 403 code 99. */
  AUTHENTICATION: "AUTHENTICATION",
  /** 429s (or a known-exhausted budget) outlasted `rateLimit.maxWaitMs`. */
  RATE_LIMITED: "RATE_LIMITED",
  /** A 2xx answer that does not match the catalog, or a paging loop. */
  UNEXPECTED_RESPONSE: "UNEXPECTED_RESPONSE",
  /** A users batch whose success_count/total_count differ from what was sent (spec §7). */
  BATCH_INCOMPLETE: "BATCH_INCOMPLETE",
  /** The client lacks credentials the endpoint's auth kind needs; nothing was sent. */
  MISSING_CREDENTIALS: "MISSING_CREDENTIALS",
  /** A saved upload progress belongs to another source, target or operation; nothing was sent. */
  PROGRESS_MISMATCH: "PROGRESS_MISMATCH",
  /** A stats job ended FAILED, CANCELLED or EXPIRED, or did not finish within its wait. */
  JOB_FAILED: "JOB_FAILED",
  /** A job's result url is on an origin the client does not trust; nothing was sent to it. */
  UNTRUSTED_URL: "UNTRUSTED_URL",
  /** A caller passed something unusable (unknown endpoint, bad option). */
  INVALID_ARGUMENT: "INVALID_ARGUMENT",
  INTERNAL: "INTERNAL",
} as const;

export type RestClientErrorCode =
  (typeof REST_CLIENT_ERROR_CODES)[keyof typeof REST_CLIENT_ERROR_CODES];

/** What identifies a call in errors and hooks: never a URL with a query, never a header. */
export interface CallSite {
  readonly endpointId: string;
  readonly method: string;
  /** The request path (`/12/accounts/abc/campaigns`), without the query string. */
  readonly path: string;
}

/** One `{code, message, parameter}` of an error body (spec §7); messages are redacted. */
export interface ApiErrorItem {
  readonly code: number | string;
  readonly message: string;
  readonly parameter?: string | undefined;
}

/** Errors of one batch item, `index` being the position in the caller's own input. */
export interface OperationError {
  readonly index: number;
  readonly errors: readonly ApiErrorItem[];
}

const redactItems = (items: readonly ApiErrorItem[]): ApiErrorItem[] =>
  items.map((e) => ({ ...e, message: redactString(e.message) }));
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Base class: every error thrown by the client is one of these, with a `code`. */
export class RestClientError extends Error {
  override readonly name: string = "RestClientError";
  readonly code: RestClientErrorCode;
  readonly endpointId: string | undefined;

  constructor(code: RestClientErrorCode, message: string, endpointId?: string) {
    super(redactString(message));
    this.code = code;
    this.endpointId = endpointId;
  }

  /** What logs may show: every field (each secret-free by construction), never the stack. */
  toJSON(): Record<string, unknown> {
    return { ...Object.fromEntries(Object.entries(this)), name: this.name, message: this.message };
  }
}

/** Parameters broke the catalog's rules; `violations` lists every one and nothing was sent. */
export class RestValidationError extends RestClientError {
  override readonly name = "RestValidationError";
  readonly violations: readonly Violation[];

  constructor(endpointId: string, violations: readonly Violation[]) {
    const shown = violations.map(hideSensitiveValue);
    const list = shown
      .map((v) => `${v.parameter === "" ? "(request)" : v.parameter}: ${v.message}`)
      .join("; ");
    super(
      REST_CLIENT_ERROR_CODES.VALIDATION_FAILED,
      `${endpointId} was not sent: ${plural(violations.length, "invalid parameter")}: ${list}`,
      endpointId,
    );
    this.violations = shown;
  }
}

/**
 * The exchange failed without a full answer. `possiblyApplied` is true when a write may have
 * reached the server (the connection broke after sending): such writes are never retried.
 */
export class RestNetworkError extends RestClientError {
  override readonly name: string = "RestNetworkError";
  readonly method: string;
  readonly path: string;
  readonly possiblyApplied: boolean;
  /** The system or undici code (`ECONNRESET`, `UND_ERR_SOCKET`), when known. */
  readonly causeCode: string | undefined;
  readonly attempts: number;

  constructor(
    site: CallSite,
    detail: string,
    options: { possiblyApplied: boolean; causeCode?: string | undefined; attempts: number },
    code: RestClientErrorCode = REST_CLIENT_ERROR_CODES.NETWORK,
  ) {
    super(code, `${site.method} ${site.endpointId} (${site.path}) ${detail}`, site.endpointId);
    this.method = site.method;
    this.path = site.path;
    this.possiblyApplied = options.possiblyApplied;
    this.causeCode = options.causeCode;
    this.attempts = options.attempts;
  }
}

/** No full answer within `timeoutMs` (per attempt). */
export class RestTimeoutError extends RestNetworkError {
  override readonly name = "RestTimeoutError";
  readonly timeoutMs: number;

  constructor(
    site: CallSite,
    timeoutMs: number,
    options: { possiblyApplied: boolean; attempts: number },
  ) {
    const tail = options.possiblyApplied
      ? "; the write may have been applied: check before sending it again (not retried)"
      : "; raise timeoutMs (client or per call) if the endpoint is slow";
    super(
      site,
      `got no full answer within ${timeoutMs} ms after ${plural(options.attempts, "attempt")}${tail}`,
      options,
      REST_CLIENT_ERROR_CODES.TIMEOUT,
    );
    this.timeoutMs = timeoutMs;
  }
}

/** The caller's AbortSignal fired; nothing more is sent. */
export class RestAbortedError extends RestClientError {
  override readonly name = "RestAbortedError";

  constructor(site: CallSite) {
    super(
      REST_CLIENT_ERROR_CODES.ABORTED,
      `${site.method} ${site.endpointId} was aborted by the caller`,
      site.endpointId,
    );
  }
}

export interface ApiErrorDetails {
  readonly status: number;
  readonly errors: readonly ApiErrorItem[];
  readonly requestId: string | undefined;
  readonly rateLimit: RateLimitState | undefined;
  /** This answer's own `retry-after` (rateLimit may hold one remembered from an earlier answer). */
  readonly retryAfterMs?: number | undefined;
  /** Batch item errors keyed by the caller's input index (spec §7). */
  readonly operationErrors?: readonly OperationError[] | undefined;
  readonly attempts: number;
}

function describeErrors(errors: readonly ApiErrorItem[]): string {
  if (errors.length === 0) return "";
  const items = errors.map(
    (e) => `${String(e.code)}${e.parameter === undefined ? "" : ` ${e.parameter}`} ${e.message}`,
  );
  return `: ${items.join("; ")}`;
}

/** The server answered non-2xx. Carries every error item, the request id and rate-limit state. */
export class RestApiError extends RestClientError {
  override readonly name: string = "RestApiError";
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly errors: readonly ApiErrorItem[];
  readonly requestId: string | undefined;
  readonly rateLimit: RateLimitState | undefined;
  /** The wait this answer's own `retry-after` asked for; undefined when it sent none. */
  readonly retryAfterMs: number | undefined;
  readonly operationErrors: readonly OperationError[];
  readonly attempts: number;

  constructor(
    site: CallSite,
    details: ApiErrorDetails,
    hint = "",
    code: RestClientErrorCode = REST_CLIENT_ERROR_CODES.API_ERROR,
  ) {
    const id = details.requestId === undefined ? "" : ` (request id ${details.requestId})`;
    super(
      code,
      `${site.method} ${site.endpointId} (${site.path}) answered ${details.status}${describeErrors(details.errors)}${id}${hint}`,
      site.endpointId,
    );
    this.method = site.method;
    this.path = site.path;
    this.status = details.status;
    this.errors = redactItems(details.errors);
    this.requestId = details.requestId;
    this.rateLimit = details.rateLimit;
    this.retryAfterMs = details.retryAfterMs;
    this.operationErrors = (details.operationErrors ?? []).map((op) => ({
      index: op.index,
      errors: redactItems(op.errors),
    }));
    this.attempts = details.attempts;
  }

  /** The error codes of the body, e.g. `[89]`. */
  get codes(): Array<number | string> {
    return this.errors.map((e) => e.code);
  }
}

/** spec §7: 401 code 89 = the access token was invalidated. */
const INVALIDATED_TOKEN_CODE = WIRE_ERROR_CODES.INVALID_OR_EXPIRED_TOKEN;
/** spec §4.1 / §7: 403 code 99 = bearer token requested too often. */
export const BEARER_TOO_FREQUENT_CODE = WIRE_ERROR_CODES.BEARER_TOO_OFTEN;

export type AuthFailureReason =
  "invalidated_token" | "unauthorized" | "bearer_requests_too_frequent";

const AUTH_HINTS: Record<AuthFailureReason, string> = {
  invalidated_token: `; the access token was invalidated (code ${INVALIDATED_TOKEN_CODE}): obtain a new one through the OAuth flow`,
  bearer_requests_too_frequent: `; bearer tokens were requested too often (code ${BEARER_TOO_FREQUENT_CODE}): cache the token and back off`,
  unauthorized:
    "; check the consumer key/secret and the access token (a percent-encoding mismatch in the signature also causes this)",
};

/** 401 (code 89 named `invalidated_token`), or /oauth2/token's 403 code 99. */
export class RestAuthError extends RestApiError {
  override readonly name = "RestAuthError";
  readonly reason: AuthFailureReason;

  constructor(site: CallSite, details: ApiErrorDetails) {
    const codes = details.errors.map((e) => e.code);
    const reason: AuthFailureReason = codes.includes(INVALIDATED_TOKEN_CODE)
      ? "invalidated_token"
      : codes.includes(BEARER_TOO_FREQUENT_CODE)
        ? "bearer_requests_too_frequent"
        : "unauthorized";
    super(site, details, AUTH_HINTS[reason], REST_CLIENT_ERROR_CODES.AUTHENTICATION);
    this.reason = reason;
  }
}

export interface RateLimitErrorDetails {
  readonly resetAt: Date | undefined;
  readonly waitedMs: number;
  readonly maxWaitMs: number;
  /** False when the client refused to send because the known budget was zero. */
  readonly sent: boolean;
  readonly requestId?: string | undefined;
  readonly rateLimit: RateLimitState | undefined;
  readonly errors?: readonly ApiErrorItem[] | undefined;
}

/** Rate limited for longer than the client may wait; `resetAt` is when the budget returns. */
export class RestRateLimitError extends RestClientError {
  override readonly name = "RestRateLimitError";
  readonly method: string;
  readonly path: string;
  readonly status: 429 | undefined;
  readonly resetAt: Date | undefined;
  readonly waitedMs: number;
  readonly maxWaitMs: number;
  readonly sent: boolean;
  readonly requestId: string | undefined;
  readonly rateLimit: RateLimitState | undefined;
  readonly errors: readonly ApiErrorItem[];

  constructor(site: CallSite, details: RateLimitErrorDetails) {
    const until = details.resetAt === undefined ? "an unknown time" : details.resetAt.toISOString();
    const account = details.rateLimit?.accountId;
    super(
      REST_CLIENT_ERROR_CODES.RATE_LIMITED,
      `${site.method} ${site.endpointId} is rate limited${account === undefined ? "" : ` for account ${account}`} until ${until}; ` +
        `waited ${Math.round(details.waitedMs)} ms of the ${details.maxWaitMs} ms allowed (rateLimit.maxWaitMs)` +
        `${details.sent ? "" : " and did not send: the known budget is zero"}. Retry after the reset or allow a longer wait.`,
      site.endpointId,
    );
    this.method = site.method;
    this.path = site.path;
    this.status = details.sent ? 429 : undefined;
    this.resetAt = details.resetAt;
    this.waitedMs = details.waitedMs;
    this.maxWaitMs = details.maxWaitMs;
    this.sent = details.sent;
    this.requestId = details.requestId;
    this.rateLimit = details.rateLimit;
    this.errors = redactItems(details.errors ?? []);
  }
}

/** A 2xx answer that does not match the catalog's response schema, or a paging loop. */
export class RestProtocolError extends RestClientError {
  override readonly name = "RestProtocolError";
  readonly method: string;
  readonly path: string;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  /**
   * True when a write (not GET) was answered 2xx: the service accepted it and only its answer
   * could not be read, so it was most likely applied: check before sending it again. As
   * `RestNetworkError.possiblyApplied`.
   */
  readonly possiblyApplied: boolean;

  constructor(
    site: CallSite,
    detail: string,
    options: { status?: number | undefined; requestId?: string | undefined } = {},
  ) {
    const accepted = options.status !== undefined && options.status >= 200 && options.status < 300;
    const possiblyApplied = accepted && site.method !== "GET";
    const tail = possiblyApplied
      ? "; the service accepted the write, which was most likely applied: check before sending it again"
      : "";
    super(
      REST_CLIENT_ERROR_CODES.UNEXPECTED_RESPONSE,
      `${site.method} ${site.endpointId} (${site.path}) ${detail}${tail}`,
      site.endpointId,
    );
    this.method = site.method;
    this.path = site.path;
    this.status = options.status;
    this.requestId = options.requestId;
    this.possiblyApplied = possiblyApplied;
  }
}

/** spec §7: a users batch whose counts differ from the records sent, still after retries. */
export class RestBatchError extends RestClientError {
  override readonly name = "RestBatchError";
  readonly sent: number;
  readonly successCount: number | undefined;
  readonly totalCount: number | undefined;
  /** Caller indexes of the operations in the failing chunk. */
  readonly indexes: readonly number[];
  readonly attempts: number;

  constructor(
    endpointId: string,
    details: {
      sent: number;
      successCount: number | undefined;
      totalCount: number | undefined;
      indexes: readonly number[];
      attempts: number;
    },
  ) {
    const first = details.indexes[0] ?? 0;
    const last = details.indexes[details.indexes.length - 1] ?? first;
    super(
      REST_CLIENT_ERROR_CODES.BATCH_INCOMPLETE,
      `${endpointId}: operations ${first}..${last} sent ${details.sent} users but the answer counted ` +
        `success_count=${String(details.successCount)}, total_count=${String(details.totalCount)} ` +
        `after ${plural(details.attempts, "attempt")} (spec §7: an error to retry); send those operations again later`,
      endpointId,
    );
    this.sent = details.sent;
    this.successCount = details.successCount;
    this.totalCount = details.totalCount;
    this.indexes = details.indexes;
    this.attempts = details.attempts;
  }
}

/** Why a stats job gave no result (`RestStatsJobError.reason`). */
export type StatsJobFailure = "FAILED" | "CANCELLED" | "EXPIRED" | "TIMED_OUT" | "UNTRUSTED_URL";

const JOB_HINTS: Record<StatsJobFailure, string> = {
  FAILED: "the service could not compute it: create the job again, or ask for a shorter range",
  CANCELLED: "it was cancelled (by this account or the service): create it again if still needed",
  EXPIRED: "its result file is no longer kept: create the job again",
  TIMED_OUT: "it did not finish within maxWaitMs and was cancelled: allow a longer wait",
  UNTRUSTED_URL:
    "its result url is neither on the client's ads host nor on an origin in resultOrigins: nothing was sent to it (add the file host's origin to resultOrigins if you trust it)",
};

/** A stats job (`runStatsJobs`) that ended without a result the client may download. */
export class RestStatsJobError extends RestClientError {
  override readonly name = "RestStatsJobError";
  readonly jobId: string;
  readonly accountId: string;
  readonly reason: StatsJobFailure;
  /** The job's last status as the service said it. */
  readonly status: string;

  constructor(details: {
    jobId: string;
    accountId: string;
    reason: StatsJobFailure;
    status: string;
  }) {
    super(
      details.reason === "UNTRUSTED_URL"
        ? REST_CLIENT_ERROR_CODES.UNTRUSTED_URL
        : REST_CLIENT_ERROR_CODES.JOB_FAILED,
      `stats job ${details.jobId} of account ${details.accountId} (status ${details.status}): ${JOB_HINTS[details.reason]}`,
      details.reason === "UNTRUSTED_URL" ? "stats.jobs.result" : "stats.jobs.list",
    );
    this.jobId = details.jobId;
    this.accountId = details.accountId;
    this.reason = details.reason;
    this.status = details.status;
  }
}

/**
 * Turns any thrown value into a RestClientError: catalog validation errors, the OAuth
 * package's errors (signing input it refused), and anything else, always redacted.
 */
export function toRestClientError(error: unknown): RestClientError {
  if (error instanceof RestClientError) return error;
  if (error instanceof ValidationError) {
    return new RestValidationError(error.endpointId, error.violations);
  }
  if (error instanceof OAuthError) {
    return new RestClientError(REST_CLIENT_ERROR_CODES.INTERNAL, error.message);
  }
  const message = error instanceof Error ? error.message : "unexpected failure";
  return new RestClientError(REST_CLIENT_ERROR_CODES.INTERNAL, message);
}
