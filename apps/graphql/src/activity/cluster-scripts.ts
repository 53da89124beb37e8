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

// The event id of the log's newest entry ('0' when empty): notices are `<that id>-<n>`.
const LOG_TOP = `
local function top(log)
  local last = redis.call('XREVRANGE', log, '+', '-', 'COUNT', 1)
  if last[1] then return string.match(last[1][1], '^(%d+)') end
  return '0'
end
`;

/**
 * The holder appends one event to the app's log, fenced by its lease (a holder that lost it
 * appends nothing: the new one resumes from the cursor), under the entry id `<event id>-0`, and
 * moves the cursor forward (never back). An event at or below the log's newest (a resumed
 * stream's overlap) is not appended twice. The first event of a stream started without a
 * cursor sets the floor (ARGV[6], its id minus one). The log is trimmed to about ARGV[5]
 * entries and lives ARGV[7] ms after its last append.
 * KEYS[1] lease, KEYS[2] cursor, KEYS[3] log, KEYS[4] floor; ARGV token, event id, event
 * JSON, cursor ttl, max entries, floor or '', log ttl.
 * Returns 1 when appended (or already there), 0 when the lease is not the caller's.
 */
export const PUBLISH_EVENT = redisScript(`${NEWER}${LOG_TOP}
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
local cursor = redis.call('GET', KEYS[2])
if not cursor or newer(ARGV[2], cursor) then
  redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[4])
end
if ARGV[6] ~= '' then redis.call('SET', KEYS[4], ARGV[6], 'PX', ARGV[7]) end
if newer(ARGV[2], top(KEYS[3])) then
  redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[5], ARGV[2] .. '-0',
    't', 'event', 'id', ARGV[2], 'e', ARGV[3])
end
redis.call('PEXPIRE', KEYS[3], ARGV[7])
redis.call('PEXPIRE', KEYS[4], ARGV[7])
return 1
`);

/**
 * A stream started without a cursor connected and said where it starts (issue 34): that id is
 * the cursor (a successor resumes from it even if this holder dies before any event) and the
 * floor (the log will hold every event after it). Fenced by the lease; the cursor never moves
 * back and a floor already set stays. KEYS[1] lease, KEYS[2] cursor, KEYS[3] floor; ARGV
 * token, event id, cursor ttl, floor ttl. Returns 1 when set, 0 when the lease is not the caller's.
 */
export const START_AT = redisScript(`${NEWER}
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
local cursor = redis.call('GET', KEYS[2])
if not cursor or newer(ARGV[2], cursor) then
  redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
end
if not redis.call('GET', KEYS[3]) then redis.call('SET', KEYS[3], ARGV[2], 'PX', ARGV[4]) end
return 1
`);

/**
 * The holder's stream connected: mark it live for the lease's lifetime (renewed with the
 * lease) and tell waiting replicas with a notice in the log. KEYS[1] lease, KEYS[2] live,
 * KEYS[3] log; ARGV token, ttl ms, max entries.
 */
export const MARK_LIVE = redisScript(`${LOG_TOP}
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[3], top(KEYS[3]) .. '-*', 't', 'live')
return 1
`);

/**
 * The stream failed for good: a notice every replica reads, ending its subscribers.
 * KEYS[1] log; ARGV message, max entries.
 */
export const NOTICE_FAILED = redisScript(`${LOG_TOP}
redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[2], top(KEYS[1]) .. '-*', 't', 'failed', 'm', ARGV[1])
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
