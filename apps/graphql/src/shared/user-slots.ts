import { LUA_NOW_MS, redisScript, type SharedRedis } from "@adsgraph/storage";
import type { SharedState } from "./shared-state.js";

/**
 * At most `max` of one kind of thing per user at once (activity subscriptions, WebSocket
 * connections), whichever replica holds them (issue 34: limits that hold under concurrency).
 */
export interface UserSlots {
  readonly max: number;
  /** One of the user's places: its release (idempotent), or undefined when all `max` are held. */
  take(userId: string): Promise<(() => void) | undefined>;
  /** Stops refreshing this replica's places (in Redis they lapse by themselves). */
  close(): void;
}

/**
 * This process's places: a count per user, checked and raised in one synchronous step (no
 * await between), so concurrent takes in one process end exactly at `max`.
 */
export function localUserSlots(max: number): UserSlots {
  const held = new Map<string, number>();
  const takeNow = (userId: string): (() => void) | undefined => {
    const count = held.get(userId) ?? 0;
    if (count >= max) return undefined;
    held.set(userId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (held.get(userId) ?? 1) - 1;
      if (left <= 0) held.delete(userId);
      else held.set(userId, left);
    };
  };
  return { max, take: (userId) => Promise.resolve(takeNow(userId)), close: () => undefined };
}

/**
 * Takes a place when fewer than the most are alive: lapsed places (a replica that died without
 * releasing) are dropped first. KEYS[1] the user's places (sorted set, member = place, score =
 * when it lapses); ARGV max, place, ttl ms. Returns 1 when taken, 0 when all are held.
 */
const TAKE = redisScript<number>(`${LUA_NOW_MS}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
`);

/**
 * Keeps a replica's live places of one user alive for another ttl. Re-adds a place that
 * lapsed while Redis was away: the count then errs towards refusing, never past what is held.
 * KEYS[1] the user's places; ARGV ttl ms, then the places.
 */
const REFRESH = redisScript<number>(`${LUA_NOW_MS}
local until_ = now + tonumber(ARGV[1])
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], until_, ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1
`);

export interface SharedUserSlotsOptions {
  readonly redis: SharedRedis;
  /** What is counted, in the keys and the degraded notice (`subscriptions`, `connections`). */
  readonly kind: string;
  readonly max: number;
  /** This replica among the others (its places' names). */
  readonly replicaId: string;
  /** How long a place outlives its last refresh (a dead replica's places free after this). */
  readonly ttlMs: number;
  /** Redis failed a take: answered from this replica's own count instead (degraded). */
  readonly fellBack: (part: string, error: unknown) => void;
}

/**
 * The places of every replica together, in Redis: one script takes a place or refuses, so
 * concurrent takes on any replicas end exactly at `max`. Each replica refreshes its live places
 * every third of `ttlMs`; a replica killed without releasing holds its places until they lapse.
 * While Redis cannot be reached a take is answered from this replica's own count (degraded,
 * never refusing everyone), as the facade's other shared parts fall back.
 */
export function sharedUserSlots(options: SharedUserSlotsOptions): UserSlots {
  const { redis, kind, max, replicaId, ttlMs } = options;
  const part = `${kind} per user`;
  const keyOf = (userId: string) => `caps:${kind}:user:${userId}`;
  const fallback = localUserSlots(max);
  // This replica's live places in Redis, by user.
  const mine = new Map<string, Set<string>>();
  let next = 0;

  const refresh = () => {
    for (const [userId, places] of mine) {
      // A failed refresh is tried again next time; a place lapses only after ttlMs of them.
      REFRESH.run(redis.client, [keyOf(userId)], [ttlMs, ...places]).catch(() => undefined);
    }
  };
  const timer = setInterval(refresh, Math.max(1, Math.floor(ttlMs / 3)));
  timer.unref();

  return {
    max,
    async take(userId) {
      next += 1;
      const place = `${replicaId}:${next}`;
      let taken: number;
      try {
        taken = await TAKE.run(redis.client, [keyOf(userId)], [max, place, ttlMs]);
      } catch (error) {
        options.fellBack(part, error);
        return fallback.take(userId);
      }
      if (taken !== 1) return undefined;
      let places = mine.get(userId);
      if (places === undefined) {
        places = new Set();
        mine.set(userId, places);
      }
      places.add(place);
      return () => {
        const held = mine.get(userId);
        if (held?.delete(place) !== true) return;
        if (held.size === 0) mine.delete(userId);
        // Not removed (Redis away): it lapses after ttlMs, no longer refreshed.
        redis.client.zrem(keyOf(userId), place).catch(() => undefined);
      };
    },
    close() {
      clearInterval(timer);
    },
  };
}

/**
 * How long a replica's places outlive their last refresh: as long as its share of a user's
 * upstream subscription (create-activity.ts), at least 15 s and three activity leases.
 */
export function userSlotsTtlMs(leaseMs: number): number {
  return Math.max(15_000, 3 * leaseMs);
}

/** The user slots of one kind: shared by the replicas with Redis, this process's without. */
export function createUserSlots(
  shared: SharedState | undefined,
  kind: string,
  max: number,
  ttlMs: number,
): UserSlots {
  const redis = shared?.redis;
  if (shared === undefined || redis === undefined) return localUserSlots(max);
  return sharedUserSlots({
    redis,
    kind,
    max,
    replicaId: shared.replicaId,
    ttlMs,
    fellBack: (failed, error) => {
      shared.fellBack(failed, error);
    },
  });
}
