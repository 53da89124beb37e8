import { createHash } from "node:crypto";
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { redisScript, type SharedRedis } from "@adsgraph/storage";

type Counted = { current: number; ttl: number };
type Done = (error: Error | null, result?: Counted) => void;

/** The store: `incr` as the plugin calls it (with the route's window), `child` itself. */
export interface WindowCounters extends FastifyRateLimitStore {
  incr(key: string, done: Done, timeWindow?: number): void;
  child(): WindowCounters;
}

/**
 * Counts one request in a fixed window, atomically: INCR, and the window starts (PEXPIRE) with
 * its first request. KEYS[1] counter; ARGV window ms. Returns {count, ms left}.
 */
const COUNT = redisScript<[number, number]>(`
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { current, ttl }
`);

export interface WindowCounterOptions {
  /** Keys remembered in this process at most (oldest dropped first): memory stays bounded. */
  readonly remembered: number;
  /** Shared mode: counted in Redis, so replicas count together; undefined: in process. */
  readonly redis?: SharedRedis | undefined;
  /** What the counters are for, in their Redis keys and the degraded notice. */
  readonly name: string;
  /** Redis failed a count: answered from this process's counters instead (degraded). */
  readonly fellBack?: ((part: string, error: unknown) => void) | undefined;
}

/**
 * A store for @fastify/rate-limit that counts each key once for every route using it (the
 * plugin's own stores make one counter per route, so a `groupId` shared by two routes got two
 * budgets), in Redis when replicas share one (one script per request: concurrent requests on
 * any replicas are counted exactly), else in this process. While Redis cannot be reached each
 * replica counts alone (degraded, never unlimited).
 */
export function windowCounterStore(
  options: WindowCounterOptions,
): FastifyRateLimitStoreCtor & (new () => WindowCounters) {
  const local = new Map<string, { count: number; endsAt: number }>();
  const countLocally = (key: string, windowMs: number): Counted => {
    const now = Date.now();
    let entry = local.get(key);
    if (entry === undefined || entry.endsAt <= now) {
      local.delete(key);
      entry = { count: 0, endsAt: now + windowMs };
      if (local.size >= options.remembered) {
        const oldest = local.keys().next();
        if (oldest.done !== true) local.delete(oldest.value);
      }
      local.set(key, entry);
    }
    entry.count += 1;
    return { current: entry.count, ttl: entry.endsAt - now };
  };

  const count = (key: string, done: Done, windowMs: number): void => {
    const { redis } = options;
    if (redis === undefined) {
      done(null, countLocally(key, windowMs));
      return;
    }
    // Keys name client addresses: only their digest goes to Redis.
    const digest = createHash("sha256").update(key).digest("hex").slice(0, 32);
    COUNT.run(redis.client, [`limits:${options.name}:${digest}`], [windowMs]).then(
      ([current, ttl]) => {
        done(null, { current, ttl });
      },
      (error: unknown) => {
        options.fellBack?.(options.name, error);
        done(null, countLocally(key, windowMs));
      },
    );
  };

  return class implements WindowCounters {
    incr(key: string, done: Done, timeWindow?: number): void {
      count(key, done, timeWindow ?? 60_000);
    }

    /** Every route counts in the same counters: a key names its group (`groupId`) already. */
    child(): WindowCounters {
      return this;
    }
  };
}
