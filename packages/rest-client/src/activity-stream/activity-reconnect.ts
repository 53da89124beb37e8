import {
  RestAbortedError,
  RestApiError,
  RestAuthError,
  RestClientError,
  RestNetworkError,
  RestRateLimitError,
  RestTimeoutError,
} from "../core/errors.js";

/** Reconnect delays of the activity stream reader. */
export interface StreamBackoff {
  /** Delay before the first reconnect (default 1 s). */
  readonly initialMs: number;
  /** Cap of one delay (default 60 s). */
  readonly maxMs: number;
  /** Growth per consecutive failure (default 2). */
  readonly factor: number;
  /** Share of each delay that is random, 0 to 1 (default 0.5: between half and all of it). */
  readonly jitter: number;
}

export const DEFAULT_STREAM_BACKOFF: StreamBackoff = {
  initialMs: 1_000,
  maxMs: 60_000,
  factor: 2,
  jitter: 0.5,
};

/** Why a connection ended and the reader will connect again. */
export type ReconnectReason =
  "ended" | "stalled" | "network" | "timeout" | "server_error" | "rate_limited";

export type StreamEnd =
  | { readonly retry: true; readonly reason: ReconnectReason; readonly minDelayMs: number }
  | { readonly retry: false; readonly aborted: boolean };

/**
 * Delay before reconnect `failures` (1-based, consecutive failures since data last arrived):
 * exponential, capped, and jittered so that many readers do not reconnect in step.
 */
export function reconnectDelayMs(
  failures: number,
  backoff: StreamBackoff = DEFAULT_STREAM_BACKOFF,
  random: () => number = Math.random,
): number {
  const exponential = backoff.initialMs * backoff.factor ** Math.max(0, failures - 1);
  const capped = Math.min(backoff.maxMs, exponential);
  return capped * (1 - backoff.jitter * random());
}

/**
 * What to do after a connection ended with `error` (undefined: the server ended the stream),
 * `now` being the clock of the answer's rate-limit state. Only what may change on its own is
 * retried; 4xx answers (401, 403, 400, 404), 501 and answers the catalog rejects stop the reader.
 */
export function classifyStreamEnd(error: unknown, stalled: boolean, now: number): StreamEnd {
  if (error instanceof RestAbortedError) return { retry: false, aborted: true };
  // Our own close after no bytes for keepAliveTimeoutMs: whatever it threw is its echo.
  if (stalled) return { retry: true, reason: "stalled", minDelayMs: 0 };
  if (error === undefined) return { retry: true, reason: "ended", minDelayMs: 0 };
  if (error instanceof RestRateLimitError) {
    const reset = error.resetAt?.getTime();
    return {
      retry: true,
      reason: "rate_limited",
      minDelayMs: reset === undefined ? 0 : Math.max(0, reset - now),
    };
  }
  if (error instanceof RestTimeoutError) return { retry: true, reason: "timeout", minDelayMs: 0 };
  if (error instanceof RestNetworkError) return { retry: true, reason: "network", minDelayMs: 0 };
  if (error instanceof RestAuthError) return { retry: false, aborted: false };
  if (error instanceof RestApiError) {
    const { status } = error;
    if (status >= 500 && status !== 501 && status !== 505) {
      // The retry-after of this very answer, never one remembered from an earlier answer.
      return { retry: true, reason: "server_error", minDelayMs: error.retryAfterMs ?? 0 };
    }
    if (status === 408) return { retry: true, reason: "timeout", minDelayMs: 0 };
    return { retry: false, aborted: false };
  }
  // Validation, a line the catalog rejects, missing credentials: a retry would fail the same way.
  if (error instanceof RestClientError) return { retry: false, aborted: false };
  // The body broke while it was read (undici's socket errors are not typed by the client).
  return { retry: true, reason: "network", minDelayMs: 0 };
}

/** Event ids are digit strings beyond 2^53: compared by value, never as Numbers. */
export function compareEventIds(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function isDigitId(value: unknown): value is string {
  return typeof value === "string" && /^\d{1,64}$/.test(value);
}
