/** Retry settings of deliveries (ADS_API_WEBHOOK_RETRY_*, ADS_API_WEBHOOK_MAX_ATTEMPTS). */
export interface RetryPolicy {
  readonly baseMs: number;
  readonly maxMs: number;
  readonly maxAttempts: number;
}

/** Whether a delivery whose `attempts`-th attempt failed is tried again (else it is dead). */
export function shouldRetry(attempts: number, policy: RetryPolicy): boolean {
  // Every failure (non-2xx, redirect, timeout, connection error) may be passing: retried until
  // the cap. A crash mid-attempt can start one attempt past it; that one fails into dead.
  return attempts < policy.maxAttempts;
}

/** The schedule's step after the `attempts`-th failure: base × 2^(attempts-1), capped at max. */
export function backoffStepMs(attempts: number, policy: RetryPolicy): number {
  return Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * The wait after the `attempts`-th failed attempt: the step with "equal jitter" (half fixed,
 * half random, in [step/2, step]). Random enough to spread the retries of deliveries that failed
 * together (a receiver's outage); chosen over full jitter because a wait never falls below half
 * its step, so below the cap each wait is at least the one before it (the next step's half is
 * this step) and the documented schedule is a floor a receiver can count on.
 */
export function backoffMs(attempts: number, policy: RetryPolicy, random = Math.random): number {
  const step = backoffStepMs(attempts, policy);
  return Math.round(step / 2 + random() * (step / 2));
}
