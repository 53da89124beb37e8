import { WIRE_ERROR_CODES } from "@adsgraph/models";
import type { Violation } from "@adsgraph/models";

/** One entry of an error body (spec §7: `{errors:[{code, message, parameter}]}`). */
export interface ErrorEntry {
  readonly code: number | string;
  readonly message: string;
  readonly parameter?: string | undefined;
}

/** Error codes this service answers with: the one list of packages/models (spec §7). */
export const ERROR_CODES = WIRE_ERROR_CODES;

/** Base of every error answered to a client; the one Fastify error handler maps it to HTTP. */
export class ApiError extends Error {
  override readonly name: string = "ApiError";
  readonly status: number;
  readonly errors: readonly ErrorEntry[];
  /** Extra response headers (rate-limit state on a 429). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    errors: readonly ErrorEntry[],
    headers: Readonly<Record<string, string>> = {},
  ) {
    super(errors.map((entry) => entry.message).join("; "));
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }

  /** What the client receives. */
  body(): Record<string, unknown> {
    return { errors: this.errors.map((entry) => ({ ...entry })) };
  }
}

/** 400: parameters broke rules; every violation is listed (nothing was written). */
export class BadRequestError extends ApiError {
  override readonly name = "BadRequestError";
  constructor(errors: readonly ErrorEntry[]) {
    super(400, errors);
  }

  static of(code: string, message: string, parameter?: string): BadRequestError {
    return new BadRequestError([{ code, message, parameter }]);
  }

  static fromViolations(violations: readonly Violation[], prefix = ""): BadRequestError {
    return new BadRequestError(
      violations.map((violation) => ({
        code: violation.code,
        message: violation.message,
        parameter: prefix + violation.parameter,
      })),
    );
  }
}

/** 401: the request is not authenticated (OAuth verification failed). */
export class AuthenticationError extends ApiError {
  override readonly name = "AuthenticationError";
  constructor(code: number, message: string, parameter?: string) {
    super(401, [{ code, message, parameter }]);
  }
}

/** 403: authenticated but not allowed (account access, role, read-only token, sandbox only). */
export class ForbiddenError extends ApiError {
  override readonly name = "ForbiddenError";
  constructor(code: number | string, message: string, parameter?: string) {
    super(403, [{ code, message, parameter }]);
  }
}

/** 404: no such resource (or deleted, without with_deleted). */
export class NotFoundError extends ApiError {
  override readonly name = "NotFoundError";
  constructor(message: string, parameter?: string) {
    super(404, [{ code: ERROR_CODES.NOT_FOUND, message, parameter }]);
  }
}

/**
 * 409: the request conflicts with what is stored (spec §4.8, §7: a custom audience name the
 * account already uses, "error (code not given)"; a second live do-not-reach list).
 */
export class ConflictError extends ApiError {
  override readonly name = "ConflictError";
  constructor(code: string, message: string, parameter?: string) {
    super(409, [{ code, message, parameter }]);
  }
}

/** 429: a rate limit is exhausted; carries the limit headers. */
export class RateLimitError extends ApiError {
  override readonly name = "RateLimitError";
  constructor(message: string, headers: Readonly<Record<string, string>>, parameter?: string) {
    super(429, [{ code: ERROR_CODES.RATE_LIMIT_EXCEEDED, message, parameter }], headers);
  }
}

/** Seconds a client is told to wait before retrying while shared state is unreachable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * 503 (issue 19, shared mode): what replicas share (Redis: OAuth nonces, rate-limit counters)
 * cannot be reached, so the request is refused rather than served without replay protection or
 * uncounted (fail closed); `retry-after` says when to try again. Never a 500: nothing broke
 * in the request, and a load balancer or client may send it again elsewhere or later.
 */
export class ServiceUnavailableError extends ApiError {
  override readonly name = "ServiceUnavailableError";
  constructor(message: string, retryAfterSeconds = UNAVAILABLE_RETRY_AFTER_SECONDS) {
    super(503, [{ code: ERROR_CODES.SERVICE_UNAVAILABLE, message }], {
      "retry-after": String(retryAfterSeconds),
    });
  }
}

/** 501: a catalog endpoint outside what this service implements so far. */
export class NotImplementedError extends ApiError {
  override readonly name = "NotImplementedError";
  constructor(endpointId: string) {
    super(501, [
      {
        code: ERROR_CODES.NOT_IMPLEMENTED,
        message: `${endpointId} is in the catalog but not implemented by ads-api yet`,
      },
    ]);
  }
}

/**
 * 400 of a batch (spec §7): `operation_errors[i]` holds the errors of input item i; the batch
 * changed nothing.
 */
export class BatchError extends ApiError {
  override readonly name = "BatchError";
  readonly operationErrors: readonly (readonly ErrorEntry[])[];

  constructor(operationErrors: readonly (readonly ErrorEntry[])[]) {
    const failed = operationErrors.flatMap((errors, index) => (errors.length > 0 ? [index] : []));
    super(400, [
      {
        code: ERROR_CODES.BATCH_FAILED,
        message: `the batch was not applied: operation(s) ${failed.join(", ")} failed`,
      },
    ]);
    this.operationErrors = operationErrors;
  }

  override body(): Record<string, unknown> {
    return {
      ...super.body(),
      operation_errors: this.operationErrors.map((errors) => errors.map((entry) => ({ ...entry }))),
    };
  }
}
