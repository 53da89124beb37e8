/** Retry settings of deliveries (ADS_API_WEBHOOK_RETRY_*, ADS_API_WEBHOOK_MAX_ATTEMPTS). */
export interface RetryPolicy {
  readonly baseMs: number;
  readonly maxMs: number;
  readonly maxAttempts: number;
}

/** Whether a delivery that failed its `attempts`-th attempt is tried again. */
export function shouldRetry(attempts: number, policy: RetryPolicy): boolean {
  // every failure (non-2xx, timeout, connection error) is worth another try until the cap
  return attempts < policy.maxAttempts;
}

/**
 * The wait after the `attempts`-th failed attempt: base × 2^(attempts-1), capped at maxMs,
 * with "equal jitter" (half fixed, half random) so that retries of many deliveries spread out
 * but never come sooner than half the step.
 */
export function backoffMs(attempts: number, policy: RetryPolicy, random = Math.random): number {
  const step = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(step / 2 + random() * (step / 2));
}
