import { LUA_NOW_MS, redisScript } from "@adsgraph/storage";

/**
 * Adds or refreshes a member of a set of shares (replicas with subscribers): its score is when
 * it lapses, so a replica that dies without leaving drops out by itself. The key expires with
 * its newest share. KEYS[1] set; ARGV member, ttl ms.
 */
export const JOIN_SHARES = redisScript(`${LUA_NOW_MS}
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`);

/** Drops lapsed shares and counts the live ones. KEYS[1] set. */
export const COUNT_SHARES = redisScript(`${LUA_NOW_MS}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZCARD', KEYS[1])
`);

// Activity ids are digit strings without leading zeros: longer is larger, else compare text.
const NEWER = `
local function newer(a, b)
  if #a ~= #b then return #a > #b end
  return a > b
end
`;

/**
 * The holder publishes one event, fenced by its lease (a holder that lost it publishes
 * nothing: the new one resumes from the cursor), and moves the cursor forward (never back).
 * KEYS[1] lease, KEYS[2] cursor; ARGV token, event id, channel (prefixed), message, cursor ttl.
 * Returns 1 when published, 0 when the lease is not the caller's.
 */
export const PUBLISH_EVENT = redisScript(`${NEWER}
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
local cursor = redis.call('GET', KEYS[2])
if not cursor or newer(ARGV[2], cursor) then
  redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[5])
end
redis.call('PUBLISH', ARGV[3], ARGV[4])
return 1
`);

/**
 * The holder's stream connected: mark it live for the lease's lifetime (renewed with the
 * lease) and tell waiting replicas. KEYS[1] lease, KEYS[2] live; ARGV token, ttl ms, channel
 * (prefixed), message.
 */
export const MARK_LIVE = redisScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
redis.call('PUBLISH', ARGV[3], ARGV[4])
return 1
`);

/**
 * A replica joins (or refreshes) its share of a user and reads the user's upstream
 * subscription, which lives as long as shares are refreshed. KEYS[1] holders, KEYS[2]
 * subscription; ARGV member, ttl ms. Returns the subscription id, or false.
 */
export const JOIN_USER = redisScript(`${LUA_NOW_MS}
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
local id = redis.call('GET', KEYS[2])
if id then redis.call('PEXPIRE', KEYS[2], ARGV[2]) end
return id
`);

/**
 * Under the user's lock, after the caller left: when no replica's share is alive, takes the
 * subscription id out (the caller deletes it upstream). A replica joining at the same time
 * either counted here (kept) or finds no id and, waiting for the lock, makes a new one.
 * KEYS[1] holders, KEYS[2] subscription. Returns the id to delete, or false.
 */
export const TAKE_UNHELD = redisScript(`${LUA_NOW_MS}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) > 0 then return false end
local id = redis.call('GET', KEYS[2])
if id then redis.call('DEL', KEYS[2]) end
return id
`);

/**
 * Under the user's lock: a subscription made while Redis was down, released once it is back.
 * Kept as the cluster's when replicas hold the user and none is recorded (or it is the
 * recorded one); otherwise its maker deletes it. KEYS[1] holders, KEYS[2] subscription;
 * ARGV id, ttl ms. Returns 1 when the caller should delete it upstream.
 */
export const HAND_OVER = redisScript(`${LUA_NOW_MS}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local current = redis.call('GET', KEYS[2])
if redis.call('ZCARD', KEYS[1]) > 0 then
  if not current then
    redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
    return 0
  end
  if current == ARGV[1] then return 0 end
  return 1
end
if current == ARGV[1] then redis.call('DEL', KEYS[2]) end
return 1
`);
