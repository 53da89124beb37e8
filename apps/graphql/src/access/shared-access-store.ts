import { LUA_NOW_MS, redisScript } from "@adsgraph/storage";
import { z } from "zod";
import { openBroadcastChannel, onRedisReturn } from "../shared/broadcast-channel.js";
import type { SharedState } from "../shared/shared-state.js";
import type { SharedAccessStore } from "./account-access.js";

const PART = "access checks";
const CHANNEL = "access:forget";

/** One hash per user (`access:<userId>`): field account id, value `<0|1>:<until, Redis ms>`. */
const userKey = (userId: string) => `access:${userId}`;

/** Past this many fields a new one first drops the user's expired ones. */
const PRUNE_ABOVE_FIELDS = 64;

/**
 * Stores one answer with its end on Redis' clock (replicas' clocks never disagree about it).
 * Redis 7.0 has no per-field expiry: the user's key lives as long as its longest answer, and
 * expired fields go when the hash grows, so a user's hash never outgrows what they used lately.
 */
const rememberScript = redisScript<number>(
  `${LUA_NOW_MS}
local ttl = tonumber(ARGV[3])
local added = redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. ':' .. (now + ttl))
if added == 1 and redis.call('HLEN', KEYS[1]) > ${PRUNE_ABOVE_FIELDS} then
  local all = redis.call('HGETALL', KEYS[1])
  for i = 1, #all, 2 do
    local value = all[i + 1]
    local untilMs = tonumber(string.sub(value, string.find(value, ':', 1, true) + 1))
    if untilMs <= now then redis.call('HDEL', KEYS[1], all[i]) end
  end
end
if redis.call('PTTL', KEYS[1]) < ttl then redis.call('PEXPIRE', KEYS[1], ttl) end
return added`,
);

/** An unexpired answer as `{ allowed, remaining ms }`, else nil. */
const lookupScript = redisScript<[string, number] | null>(
  `local value = redis.call('HGET', KEYS[1], ARGV[1])
if not value then return false end
${LUA_NOW_MS}
local sep = string.find(value, ':', 1, true)
local untilMs = tonumber(string.sub(value, sep + 1))
if untilMs <= now then return false end
return { string.sub(value, 1, sep - 1), untilMs - now }`,
);

/**
 * Access answers in Redis, shared by the replicas (issue 19). A forget deletes the user's hash
 * (one key: no KEYS or SCAN) and then tells the other replicas over pub/sub to drop their
 * near-cache copies. Any Redis failure is reported (`fellBack`) and answered as a miss, so the
 * caller asks upstream as in the embedded mode.
 */
export function createSharedAccessStore(shared: SharedState): SharedAccessStore | undefined {
  const redis = shared.redis;
  if (redis === undefined) return undefined;
  const listeners = new Set<(userId: string | undefined) => void>();
  const tell = (userId: string | undefined) => {
    for (const listener of listeners) listener(userId);
  };
  const channel = openBroadcastChannel(shared, {
    channel: CHANNEL,
    part: PART,
    schema: z.object({ userId: z.string().min(1).max(64) }),
    onMessage: ({ userId }) => {
      tell(userId);
    },
  });
  // Forgets published while this replica could not hear them are lost: drop every local copy.
  onRedisReturn(shared, () => {
    tell(undefined);
  });

  return {
    async get(userId, accountId) {
      try {
        const found = await lookupScript.run(redis.client, [userKey(userId)], [accountId]);
        if (found === null) return undefined;
        return { allowed: found[0] === "1", remainingMs: found[1] };
      } catch (error) {
        shared.fellBack(PART, error);
        return undefined;
      }
    },
    set(userId, accountId, allowed, ttlMs) {
      rememberScript
        .run(redis.client, [userKey(userId)], [accountId, allowed ? "1" : "0", ttlMs])
        .catch((error: unknown) => {
          shared.fellBack(PART, error);
        });
    },
    forget(userId) {
      void (async () => {
        try {
          await redis.client.del(userKey(userId));
        } catch (error) {
          shared.fellBack(PART, error);
        }
        await channel.publish({ userId });
      })();
    },
    onForgotten(listener) {
      listeners.add(listener);
    },
  };
}
