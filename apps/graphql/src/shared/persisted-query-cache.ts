import { LUA_NOW_MS, redisScript } from "@adsgraph/storage";
import type { SharedState } from "./shared-state.js";

const PART = "persisted queries";

/** Apollo's KeyValueCache<string> (APQ's `persistedQueries.cache`), structurally. */
export interface PersistedQueryCache {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, options?: { ttl?: number | null }): Promise<void>;
  delete(key: string): Promise<boolean>;
}

export interface PersistedQueryCacheOptions {
  /** PERSISTED_QUERY_TTL_SECONDS: a document is kept this long after its last use. */
  ttlSeconds: number;
  /**
   * A longer document is answered but not kept (its client keeps sending it whole). Apollo
   * keeps only documents that parsed within the token limit; this bounds their bytes too.
   */
  maxDocumentBytes?: number;
  /** All documents together; past it the least recently used go first. */
  maxTotalBytes?: number;
}

/** Apollo's keys are `apq:` and a SHA-256 in hex; a client's longer "hash" is never looked up. */
const MAX_KEY_LENGTH = 128;
/** Roughly what Redis spends on an entry beside its key and document. */
const ENTRY_OVERHEAD_BYTES = 64;

/**
 * Every document in one hash (`apq:documents`: key → document), when each expires in a sorted
 * set (`apq:expiry`, scored on Redis' clock) and their bytes in `apq:bytes`. Redis 7.0 has no
 * per-field expiry, and any client can register documents: the sorted set ages them out and
 * caps their sum, and all three keys expire together after the last use.
 */
const KEYS = ["apq:documents", "apq:expiry", "apq:bytes"];

const DROP = `local bytes = tonumber(redis.call('GET', KEYS[3]) or '0')
local function drop(field)
  local size = redis.call('HSTRLEN', KEYS[1], field)
  if size > 0 then
    bytes = bytes - size - string.len(field) - ${ENTRY_OVERHEAD_BYTES}
    redis.call('HDEL', KEYS[1], field)
  end
  redis.call('ZREM', KEYS[2], field)
end
local function keep(ttl)
  local life = math.max(ttl, redis.call('PTTL', KEYS[1]))
  if bytes < 0 then bytes = 0 end
  redis.call('SET', KEYS[3], bytes, 'PX', life)
  redis.call('PEXPIRE', KEYS[1], life)
  redis.call('PEXPIRE', KEYS[2], life)
end`;

/** ARGV: key, document, ttl ms, total byte budget. Drops expired ones, then LRU past the budget. */
const setScript = redisScript<number>(
  `${LUA_NOW_MS}
${DROP}
local ttl = tonumber(ARGV[3])
for _, field in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now, 'LIMIT', 0, 100)) do
  drop(field)
end
drop(ARGV[1])
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], now + ttl, ARGV[1])
bytes = bytes + string.len(ARGV[2]) + string.len(ARGV[1]) + ${ENTRY_OVERHEAD_BYTES}
while bytes > tonumber(ARGV[4]) do
  local oldest = redis.call('ZRANGE', KEYS[2], 0, 0)[1]
  if oldest == nil or oldest == ARGV[1] then break end
  drop(oldest)
end
keep(ttl)
return 1`,
);

/** ARGV: key, ttl ms. The document, its life renewed (sliding expiry), or nil. */
const getScript = redisScript<string | null>(
  `local score = redis.call('ZSCORE', KEYS[2], ARGV[1])
if not score then return false end
${LUA_NOW_MS}
if tonumber(score) <= now then return false end
local document = redis.call('HGET', KEYS[1], ARGV[1])
if not document then return false end
local ttl = tonumber(ARGV[2])
redis.call('ZADD', KEYS[2], now + ttl, ARGV[1])
local life = math.max(ttl, redis.call('PTTL', KEYS[1]))
for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], life) end
return document`,
);

/** ARGV: key. */
const deleteScript = redisScript<number>(
  `${DROP}
local existed = redis.call('HEXISTS', KEYS[1], ARGV[1])
drop(ARGV[1])
if existed == 1 then keep(1) end
return existed`,
);

/**
 * Automatic persisted queries shared by the replicas (issue 19): a hash registered through one
 * replica is found by every other. Bounded: documents past `maxDocumentBytes` are not kept, all
 * of them together at most `maxTotalBytes` (least recently used go first), each for
 * `ttlSeconds` after its last use. Any Redis failure is reported (`fellBack`) and answered as
 * a miss: the client gets PERSISTED_QUERY_NOT_FOUND and sends the document again, never a 500.
 */
export function createPersistedQueryCache(
  shared: SharedState,
  {
    ttlSeconds,
    maxDocumentBytes = 256 * 1024,
    maxTotalBytes = 32 * 1024 * 1024,
  }: PersistedQueryCacheOptions,
): PersistedQueryCache | undefined {
  const redis = shared.redis;
  if (redis === undefined) return undefined;
  const defaultTtlMs = ttlSeconds * 1000;
  const fellBack = (error: unknown) => {
    shared.fellBack(PART, error);
  };
  return {
    async get(key) {
      if (key.length > MAX_KEY_LENGTH) return undefined;
      try {
        return (await getScript.run(redis.client, KEYS, [key, defaultTtlMs])) ?? undefined;
      } catch (error) {
        fellBack(error);
        return undefined;
      }
    },
    async set(key, value, options) {
      if (key.length > MAX_KEY_LENGTH || Buffer.byteLength(value) > maxDocumentBytes) return;
      // Apollo's `ttl: null` means "forever"; nothing here is kept forever.
      const ttlMs =
        typeof options?.ttl === "number" && options.ttl > 0 ? options.ttl * 1000 : defaultTtlMs;
      try {
        await setScript.run(redis.client, KEYS, [key, value, ttlMs, maxTotalBytes]);
      } catch (error) {
        fellBack(error);
      }
    },
    async delete(key) {
      if (key.length > MAX_KEY_LENGTH) return false;
      try {
        return (await deleteScript.run(redis.client, KEYS, [key])) === 1;
      } catch (error) {
        fellBack(error);
        return false;
      }
    },
  };
}
