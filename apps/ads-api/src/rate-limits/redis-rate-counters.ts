import { createHash } from "node:crypto";
import { redisScript, type SharedRedis } from "@adsgraph/storage";
import { ServiceUnavailableError } from "../errors.js";
import type { RateCounters } from "./rate-counters.js";

/**
 * One request against a fixed window that starts at the key's first request (the same rule as
 * `RateLimiter`), atomically: read, roll over and count happen in one script, so concurrent
 * requests on any replica never pass the limit together. The window's start is Redis' own
 * clock (`TIME`), the same for every replica whatever their clocks say. The key (a hash:
 * `s` start in ms, `n` requests counted) expires with its window.
 *
 * KEYS[1] the counter; ARGV[1] the limit, ARGV[2] the window in ms.
 * Returns { allowed (1|0), used, window end in ms }.
 */
const TAKE = `
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local start = tonumber(redis.call('HGET', KEYS[1], 's'))
local used = 0
if start == nil or now >= start + window then
  start = now
  redis.call('DEL', KEYS[1])
else
  used = tonumber(redis.call('HGET', KEYS[1], 'n')) or 0
end
local allowed = 0
if used < limit then
  used = used + 1
  allowed = 1
  redis.call('HSET', KEYS[1], 's', start, 'n', used)
  redis.call('PEXPIREAT', KEYS[1], start + window)
end
return { allowed, used, start + window }
`;
const takeScript = redisScript<[allowed: number, used: number, endsAt: number]>(TAKE);

export interface RedisRateCountersOptions {
  /** Names this kind of counter in the keys (`rate:<scope>:…`): kinds never share a key. */
  readonly scope: string;
  readonly windowMs: number;
}

/** What a client is told when counting failed. */
export const COUNTERS_UNAVAILABLE =
  "rate limits unavailable: the rate-limit counters (Redis) cannot be reached; retry later";

/**
 * Rate-limit counters in Redis (shared mode), one atomic script per request. Keys are the
 * SHA-256 of the counted key, so no key ever holds what a caller sent (a token's hash, an
 * address) in the clear. While Redis cannot be reached, or a command times out, `take`
 * rejects with a 503: the request is refused rather than served uncounted.
 */
export function createRedisRateCounters(
  redis: SharedRedis,
  options: RedisRateCountersOptions,
): RateCounters {
  return {
    async take(key, limit) {
      const digest = createHash("sha256").update(key).digest("hex");
      const [allowed, used, endsAt] = await takeScript
        .run(redis.client, [`rate:${options.scope}:${digest}`], [limit, options.windowMs])
        .catch(() => {
          throw new ServiceUnavailableError(COUNTERS_UNAVAILABLE);
        });
      return {
        limit,
        remaining: Math.max(0, limit - used),
        resetSeconds: Math.ceil(endsAt / 1000),
        allowed: allowed === 1,
      };
    },
  };
}
