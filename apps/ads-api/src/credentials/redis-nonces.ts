import { createHash } from "node:crypto";
import { NonceQuota } from "@adsgraph/oauth";
import type { NonceQuotaOptions, ReplayEntry, ReplayVerdict } from "@adsgraph/oauth";
import { redisScript, type SharedRedis } from "@adsgraph/storage";
import { ServiceUnavailableError } from "../errors.js";
import type { NonceStore } from "./nonces.js";

/**
 * One nonce, atomically (nothing runs between its reads and writes, whichever replica sends
 * it): replayed when its key exists; full when the client holds its whole share (NonceQuota's
 * bounds: `maxPerClient`, and past `maxEntries` all clients together, its fair share with the
 * `minPerClient` floor); else recorded with its counts.
 *
 * Counts are kept per time bucket of `size` seconds of the nonces' timestamps (one hash field
 * per bucket, per client and for all clients), so a count is a sum of at most
 * 2 × window ÷ size + 2 fields. A bucket is live while its newest timestamp is inside the
 * window (dead buckets are deleted as they are read); so a nonce is counted up to `size` − 1
 * seconds beyond its own expiry: the bounds err on the side of refusing. `holders` (a sorted
 * set, score = when the client's newest bucket dies) counts the clients holding nonces.
 *
 * KEYS: 1 the nonce, 2 the client's buckets, 3 all clients' buckets, 4 holders.
 * ARGV: 1 now (s), 2 timestamp, 3 window, 4 bucket size, 5 maxPerClient, 6 maxEntries,
 *       7 minPerClient, 8 client, 9 extra seconds a key outlives its window (clock skew).
 * Returns {'new'} | {'replayed'} | {'full', retryAfterSeconds}.
 */
const REMEMBER = `
local now = tonumber(ARGV[1])
local timestamp = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local size = tonumber(ARGV[4])
local maxPerClient = tonumber(ARGV[5])
local maxEntries = tonumber(ARGV[6])
local minPerClient = tonumber(ARGV[7])
local client = ARGV[8]
local margin = tonumber(ARGV[9])

if redis.call('EXISTS', KEYS[1]) == 1 then return { 'replayed' } end

-- A bucket dies once its newest timestamp is older than the window.
local function deathOf(bucket) return (bucket + 1) * size + window end

local function sum(key)
  local total = 0
  local oldest = nil
  local fields = redis.call('HGETALL', key)
  for i = 1, #fields, 2 do
    local bucket = tonumber(fields[i])
    if now < deathOf(bucket) then
      total = total + tonumber(fields[i + 1])
      if oldest == nil or bucket < oldest then oldest = bucket end
    else
      redis.call('HDEL', key, fields[i])
    end
  end
  return total, oldest
end

-- Keeps a key at least until 'death' (seconds, caller's clock), never shortening it.
local function keepUntil(key, death)
  local ttl = death - now + margin
  if redis.call('TTL', key) < ttl then redis.call('EXPIRE', key, ttl) end
end

local held, oldest = sum(KEYS[2])
local total = sum(KEYS[3])
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now)
local holders = redis.call('ZCARD', KEYS[4])
if redis.call('ZSCORE', KEYS[4], client) == false then holders = holders + 1 end
local share = math.max(maxEntries / holders, minPerClient)
if held >= maxPerClient or (total >= maxEntries and held >= share) then
  local retry = 1
  if oldest ~= nil then retry = math.max(1, deathOf(oldest) - now) end
  return { 'full', retry }
end

redis.call('SET', KEYS[1], '1', 'EX', timestamp + window + 1 - now + margin)
local bucket = math.floor(timestamp / size)
local death = deathOf(bucket)
redis.call('HINCRBY', KEYS[2], bucket, 1)
keepUntil(KEYS[2], death)
redis.call('HINCRBY', KEYS[3], bucket, 1)
keepUntil(KEYS[3], death)
local score = tonumber(redis.call('ZSCORE', KEYS[4], client))
if score == nil or score < death then redis.call('ZADD', KEYS[4], death, client) end
keepUntil(KEYS[4], death)
return { 'new' }
`;
const rememberScript = redisScript<[status: string, retryAfterSeconds?: number]>(REMEMBER);

export interface RedisNonceStoreOptions extends NonceQuotaOptions {
  /** Milliseconds since the epoch; the verifier's clock (default `Date.now`). */
  readonly clock?: (() => number) | undefined;
  /** Seconds of timestamps one count covers (default window ÷ 30, at least 1). */
  readonly bucketSeconds?: number | undefined;
}

/**
 * Seconds every key outlives its window: replicas' clocks differ a little from each other and
 * from Redis', and a nonce must not expire while a replica whose clock is behind still accepts
 * its timestamp.
 */
const CLOCK_MARGIN_SECONDS = 30;

/** What a client is told when the nonce store cannot be reached. */
export const NONCES_UNAVAILABLE =
  "replay protection unavailable: the nonce store (Redis) cannot be reached; retry later";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * OAuth 1.0a nonces in Redis (shared mode: the `ReplayStore` contract of @adsgraph/oauth across
 * replicas). One script per signed request decides new, replayed or full, with the bounds
 * counted in Redis too, so a client holds its share across all replicas together (the database
 * store bounds per process). Keys hold the client digest, the timestamp and the SHA-256 of
 * the nonce; every key expires with its window. While Redis cannot be reached (or a command
 * times out), `remember` rejects with a 503: a signed request is never served unprotected.
 * Redis is durable only as configured (AOF/RDB): a Redis that restarts empty forgets the
 * nonces of the last window.
 */
export function createRedisNonceStore(
  redis: SharedRedis,
  options: RedisNonceStoreOptions = {},
): NonceStore {
  // The bounds and their defaults, as every store reads them.
  const quota = new NonceQuota(options);
  const clock = options.clock ?? Date.now;
  const bucketSeconds = options.bucketSeconds ?? Math.max(1, Math.ceil(quota.windowSeconds / 30));
  return {
    start: () => Promise.resolve(),
    close: () => Promise.resolve(),
    async remember({ client, timestamp, nonce }: ReplayEntry): Promise<ReplayVerdict> {
      const now = Math.floor(clock() / 1000);
      if (timestamp < quota.cutoff(now)) return { status: "replayed" };
      let reply: [status: string, retryAfterSeconds?: number];
      try {
        reply = await rememberScript.run(
          redis.client,
          [
            `nonce:${client}:${timestamp}:${sha256(nonce)}`,
            `nonces:client:${client}`,
            "nonces:all",
            "nonces:holders",
          ],
          [
            now,
            timestamp,
            quota.windowSeconds,
            bucketSeconds,
            quota.maxPerClient,
            quota.maxEntries,
            quota.minPerClient,
            client,
            CLOCK_MARGIN_SECONDS,
          ],
        );
      } catch {
        throw new ServiceUnavailableError(NONCES_UNAVAILABLE);
      }
      const [status, retryAfter] = reply;
      if (status === "new") return { status: "new" };
      if (status === "full") return { status: "full", retryAfterSeconds: retryAfter ?? 1 };
      return { status: "replayed" };
    },
  };
}
