import type { HttpMethod } from "@adsgraph/models";

/** Retries of failed attempts (429 waits are governed by `RateLimitOptions` instead). */
export interface RetryPolicy {
  /** Retries after the first attempt (GETs, or requests that never left the client). */
  readonly maxRetries: number;
  /** First backoff delay; doubles per retry. */
  readonly baseDelayMs: number;
  /** Cap of one backoff delay. */
  readonly maxDelayMs: number;
  /** Overall budget: no retry starts once this much time has passed since the first attempt. */
  readonly budgetMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  budgetMs: 60_000,
};

/** What one attempt came to, as far as retrying is concerned. */
export type AttemptOutcome =
  | {
      readonly kind: "response";
      readonly status: number;
      readonly retryAfterMs?: number | undefined;
    }
  /** `sent: false` when the connection failed before the request was written (refused, DNS). */
  | { readonly kind: "network"; readonly sent: boolean }
  | { readonly kind: "timeout" };

export interface RetryDecision {
  readonly retry: boolean;
  /** One line saying why, for hooks and errors. */
  readonly reason: string;
}

/** GET is the only method this API lets a client repeat without knowing what happened. */
export function isRetrySafe(method: HttpMethod): boolean {
  return method === "GET";
}

/**
 * Whether to try again after `attempt` (1-based) ended with `outcome`. 429s are always
 * retryable (the server refused before doing anything); the caller bounds them by time.
 */
export function shouldRetry(
  outcome: AttemptOutcome,
  attempt: number,
  method: HttpMethod,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): RetryDecision {
  if (outcome.kind === "response" && outcome.status === 429) {
    return { retry: true, reason: "rate limited: refused before processing, wait for the reset" };
  }
  if (outcome.kind === "response" && outcome.status < 500) {
    return { retry: false, reason: `a ${outcome.status} answer will not change on a retry` };
  }
  if (attempt > policy.maxRetries) {
    return { retry: false, reason: `gave up after ${attempt} attempts (retry.maxRetries)` };
  }
  if (outcome.kind === "network" && !outcome.sent) {
    return { retry: true, reason: "the connection failed before the request was sent" };
  }
  if (!isRetrySafe(method)) {
    return { retry: false, reason: "a write that may have reached the server is never retried" };
  }
  switch (outcome.kind) {
    case "network":
      return { retry: true, reason: "the connection broke; a GET is safe to repeat" };
    case "timeout":
      return { retry: true, reason: "no answer in time; a GET is safe to repeat" };
    case "response":
      if (outcome.status === 501 || outcome.status === 505) {
        return { retry: false, reason: `${outcome.status} is permanent` };
      }
      return {
        retry: true,
        reason: `${outcome.status} is a server-side failure; a GET is safe to repeat`,
      };
  }
}

/**
 * Backoff before retry `attempt` (1-based): exponential from `baseDelayMs`, capped at
 * `maxDelayMs`, with "equal jitter" (half fixed, half random) so clients spread out but never
 * retry instantly.
 */
export function backoffMs(
  attempt: number,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  random: () => number = Math.random,
): number {
  const exponential = policy.baseDelayMs * 2 ** Math.max(0, attempt - 1);
  const cap = Math.min(policy.maxDelayMs, exponential);
  return cap / 2 + random() * (cap / 2);
}
