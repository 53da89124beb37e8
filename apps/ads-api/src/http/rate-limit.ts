/** The state of one counter after a request was counted (or refused). */
export interface RateState {
  readonly limit: number;
  readonly remaining: number;
  /** When the window ends, epoch seconds (the `*-reset` headers). */
  readonly resetSeconds: number;
  /** False when the request exceeded the limit (it was not counted). */
  readonly allowed: boolean;
}

interface Window {
  startedAt: number;
  used: number;
}

/**
 * Fixed windows that start at a key's first request (spec §8: 15-minute windows). Kept in
 * memory: counters are not resources, and a restart opening fresh windows is acceptable.
 */
export class RateLimiter {
  readonly #windows = new Map<string, Window>();
  readonly #windowMs: number;
  readonly #clock: () => number;

  constructor(windowMs: number, clock: () => number = Date.now) {
    this.#windowMs = windowMs;
    this.#clock = clock;
  }

  /** Counts one request against `key` unless the limit is reached. */
  take(key: string, limit: number): RateState {
    const window = this.#current(key);
    const allowed = window.used < limit;
    if (allowed) window.used += 1;
    return this.#state(window, limit, allowed);
  }

  /** The state without counting. */
  peek(key: string, limit: number): RateState {
    const window = this.#current(key);
    return this.#state(window, limit, window.used < limit);
  }

  #current(key: string): Window {
    const now = this.#clock();
    let window = this.#windows.get(key);
    if (window === undefined || now >= window.startedAt + this.#windowMs) {
      window = { startedAt: now, used: 0 };
      this.#windows.set(key, window);
      if (this.#windows.size > 100_000) this.#evict(now);
    }
    return window;
  }

  #state(window: Window, limit: number, allowed: boolean): RateState {
    return {
      limit,
      remaining: Math.max(0, limit - window.used),
      resetSeconds: Math.ceil((window.startedAt + this.#windowMs) / 1000),
      allowed,
    };
  }

  #evict(now: number): void {
    for (const [key, window] of this.#windows) {
      if (now >= window.startedAt + this.#windowMs) this.#windows.delete(key);
    }
  }
}

/** `x-rate-limit-*` (per user token) or `x-account-rate-limit-*` (per account) headers. */
export function rateHeaders(prefix: string, state: RateState): Record<string, string> {
  return {
    [`${prefix}-limit`]: String(state.limit),
    [`${prefix}-remaining`]: String(state.remaining),
    [`${prefix}-reset`]: String(state.resetSeconds),
  };
}
