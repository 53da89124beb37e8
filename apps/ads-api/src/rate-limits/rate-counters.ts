import { RateLimiter } from "./rate-limiter.js";
import type { RateState } from "./rate-limiter.js";

/**
 * Fixed-window counters of one kind (tokens and apps, client addresses, users batches), as
 * every rate limit counts: in this process (embedded mode, `RateLimiter`) or in Redis shared by
 * replicas (`createRedisRateCounters`). A window starts at a key's first request; a refused
 * request is not counted. `take` rejects with a ServiceUnavailableError (503) when the count
 * cannot be made: a request is never served uncounted.
 */
export interface RateCounters {
  /** Counts one request against `key` unless the limit is reached. */
  take(key: string, limit: number): Promise<RateState>;
}

/** In-process counters (embedded mode): `RateLimiter` behind the async interface. */
export function memoryRateCounters(
  windowMs: number,
  maxKeys: number,
  clock: () => number = Date.now,
): RateCounters {
  const limiter = new RateLimiter(windowMs, clock, maxKeys);
  return { take: (key, limit) => Promise.resolve(limiter.take(key, limit)) };
}
