import type { HttpMethod } from "@adsgraph/models";
import {
  BEARER_TOO_FREQUENT_CODE,
  RestApiError,
  RestAuthError,
  RestNetworkError,
  RestRateLimitError,
  RestTimeoutError,
} from "./errors.js";
import type { CallSite, RestClientError } from "./errors.js";
import { resetDate } from "./rate-limit.js";
import type { RateLimitObservation, RateLimitState } from "./rate-limit.js";
import { parseErrorBody } from "./response.js";
import type { TransportFailure } from "./transport.js";

/** The typed error for an attempt that got no answer and will not be retried. */
export function transportFailure(
  site: CallSite,
  method: HttpMethod,
  failure: Exclude<TransportFailure, { kind: "aborted" }>,
  context: { attempts: number; timeoutMs: number; reason: string },
): RestClientError {
  const possiblyApplied = method !== "GET" && failure.sent;
  const { attempts } = context;
  if (failure.kind === "timeout") {
    return new RestTimeoutError(site, context.timeoutMs, { possiblyApplied, attempts });
  }
  const detail = possiblyApplied
    ? "lost its connection after the request was sent: the write may have been applied; " +
      "check before sending it again (writes are never retried automatically)"
    : `failed: the connection ${failure.sent ? "broke" : "could not be opened"} ` +
      `(${failure.code ?? "unknown cause"}) after ${attempts} attempt${attempts === 1 ? "" : "s"}; ${context.reason}`;
  return new RestNetworkError(site, detail, { possiblyApplied, causeCode: failure.code, attempts });
}

export interface AnswerContext {
  readonly status: number;
  readonly text: string;
  readonly requestId: string | undefined;
  readonly rateLimit: RateLimitState | undefined;
  /** This answer's own `retry-after`. */
  readonly retryAfterMs?: number | undefined;
  readonly attempts: number;
}

/** The typed error for a non-2xx answer: 401 (and the bearer endpoint's 403/99) is authentication. */
export function answerFailure(site: CallSite, answer: AnswerContext): RestApiError {
  const body = parseErrorBody(answer.text);
  const details = {
    status: answer.status,
    errors: body.errors,
    operationErrors: body.operationErrors,
    requestId: answer.requestId,
    rateLimit: answer.rateLimit,
    retryAfterMs: answer.retryAfterMs,
    attempts: answer.attempts,
  };
  const auth =
    answer.status === 401 ||
    (answer.status === 403 && body.errors.some((e) => e.code === BEARER_TOO_FREQUENT_CODE));
  return auth ? new RestAuthError(site, details) : new RestApiError(site, details);
}

/** The error of a 429 whose reset lies beyond the remaining wait budget. */
export function rateLimitGiveUp(
  site: CallSite,
  observed: RateLimitObservation | undefined,
  answer: AnswerContext & { readonly now: number },
  wait: { waitedMs: number; maxWaitMs: number },
): RestRateLimitError {
  const retryAt =
    observed?.retryAfterMs === undefined ? undefined : new Date(answer.now + observed.retryAfterMs);
  return new RestRateLimitError(site, {
    resetAt: resetDate(observed) ?? retryAt,
    ...wait,
    sent: true,
    requestId: answer.requestId,
    rateLimit: answer.rateLimit,
    errors: parseErrorBody(answer.text).errors,
  });
}
