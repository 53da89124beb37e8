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
 *
 * Bounded: past `maxKeys` counters, expired windows are dropped, then the oldest ones until a
 * tenth is free (the map is in window-start order), so clients sending from ever new addresses
 * cannot grow it without end, and the cost stays constant per request on average. Dropping a
 * live window forgets what that key used: it fails open for the oldest key rather than closed
 * for everyone. Keys anyone can mint (client addresses) get a limiter of their own, so their
 * churn never drops the windows of authenticated callers.
 */
export class RateLimiter {
  readonly #windows = new Map<string, Window>();
  readonly #windowMs: number;
  readonly #clock: () => number;
  readonly #maxKeys: number;

  /** `maxKeys`: counters kept at most (`Limits.rateCounters`). */
  constructor(windowMs: number, clock: () => number, maxKeys: number) {
    this.#windowMs = windowMs;
    this.#clock = clock;
    this.#maxKeys = maxKeys;
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

  /** Counters held now. */
  get size(): number {
    return this.#windows.size;
  }

  #current(key: string): Window {
    const now = this.#clock();
    let window = this.#windows.get(key);
    if (window === undefined || now >= window.startedAt + this.#windowMs) {
      window = { startedAt: now, used: 0 };
      // Re-inserted, so the map stays ordered by window start.
      this.#windows.delete(key);
      this.#windows.set(key, window);
      if (this.#windows.size > this.#maxKeys) this.#evict(now);
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
    const keep = Math.floor(this.#maxKeys * 0.9);
    for (const key of this.#windows.keys()) {
      if (this.#windows.size <= keep) break;
      this.#windows.delete(key);
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
