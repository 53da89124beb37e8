import { redisScript } from "@adsgraph/storage";

/**
 * The windows of one reservation, in pairs: KEYS[1] the user window (a hash: limit, remaining,
 * reset in epoch ms, or `unlimited`), KEYS[2] its probe lock; KEYS[3] and KEYS[4] the same for
 * the account window when the request spends one.
 *
 * ARGV: now, padMs, probeMs, pollMs, stallMs (all ms).
 *
 * Every window is checked first and counted only when all allow, so a request refused by its
 * account window spends nothing of its user window. Per window:
 * - `unlimited` (a recent answer carried no rate headers): free, nothing counted;
 * - nothing known: one request probes (SET NX PX on the probe lock) and goes; the others poll
 *   until its answer tells the window (or the lock lapses and another probes);
 * - the reset passed: a new window starts at the known limit, its reset unknown until an answer
 *   says; it lives `stallMs` unless an answer tells it, so lost answers cannot block for ever;
 * - remaining > 0: counted (decremented);
 * - spent: the wait is until the reset plus the pad; with the reset still unknown, a poll.
 * Returns 0 (counted: send) or the milliseconds to wait before asking again.
 */
const RESERVE = `
local now = tonumber(ARGV[1])
local pad = tonumber(ARGV[2])
local probeMs = tonumber(ARGV[3])
local pollMs = tonumber(ARGV[4])
local stallMs = tonumber(ARGV[5])
local wait = 0
local plans = {}
for i = 1, #KEYS, 2 do
  local f = redis.call('HMGET', KEYS[i], 'limit', 'remaining', 'reset', 'unlimited')
  local limit, remaining, reset = tonumber(f[1]), tonumber(f[2]), tonumber(f[3])
  local plan
  if f[4] then
    plan = 'free'
  elseif remaining ~= nil and reset ~= nil and now >= reset and limit ~= nil and limit > 0 then
    plan = 'restart'
  elseif remaining == nil or (reset ~= nil and now >= reset) then
    if redis.call('EXISTS', KEYS[i + 1]) == 1 then
      wait = math.max(wait, pollMs)
    else
      plan = 'probe'
    end
  elseif remaining > 0 then
    plan = 'take'
  elseif reset ~= nil then
    wait = math.max(wait, reset - now + pad)
  else
    wait = math.max(wait, pollMs)
  end
  plans[i] = plan
end
if wait > 0 then return math.ceil(wait) end
for i = 1, #KEYS, 2 do
  local plan = plans[i]
  if plan == 'take' then
    redis.call('HINCRBY', KEYS[i], 'remaining', -1)
  elseif plan == 'restart' then
    local limit = tonumber(redis.call('HGET', KEYS[i], 'limit'))
    redis.call('HSET', KEYS[i], 'remaining', limit - 1)
    redis.call('HDEL', KEYS[i], 'reset')
    redis.call('PEXPIRE', KEYS[i], stallMs)
  elseif plan == 'probe' then
    redis.call('SET', KEYS[i + 1], '1', 'NX', 'PX', probeMs)
  end
end
return 0
`;

/**
 * An answer's windows, KEYS as for RESERVE. ARGV: now, padMs, keepMs, unlimitedMs, status (0
 * when unknown), then per window: seen (1 when the answer carried that window's headers),
 * limit, remaining, reset (epoch ms; '' when absent).
 *
 * Per window, the probe lock is released (the probe has its answer) and:
 * - an answer naming the stored window (same reset), or the window restarted here (reset
 *   unknown), keeps the smaller remaining: answers arrive out of order, and reservations made
 *   here are not yet in the upstream's count;
 * - a newer reset replaces the window (the upstream started a new one); an older one, or one
 *   already past, is ignored;
 * - the key expires `keepMs` after its reset: long enough to restart at the known limit;
 * - a 2xx answer without that window's headers marks it `unlimited` for `unlimitedMs`
 *   (renewed by each such answer) unless a live window is known, so endpoints without limits
 *   are never held behind a probe.
 */
const RECORD = `
local now = tonumber(ARGV[1])
local pad = tonumber(ARGV[2])
local keepMs = tonumber(ARGV[3])
local unlimitedMs = tonumber(ARGV[4])
local status = tonumber(ARGV[5])
for i = 1, #KEYS, 2 do
  local key = KEYS[i]
  local base = 6 + ((i - 1) / 2) * 4
  local seen = ARGV[base] == '1'
  local limit, remaining, reset = tonumber(ARGV[base + 1]), tonumber(ARGV[base + 2]), tonumber(ARGV[base + 3])
  redis.call('DEL', KEYS[i + 1])
  local f = redis.call('HMGET', key, 'limit', 'remaining', 'reset', 'unlimited')
  local storedRemaining, storedReset = tonumber(f[2]), tonumber(f[3])
  local live = storedRemaining ~= nil and (storedReset == nil or storedReset > now)
  if seen and remaining ~= nil and reset ~= nil and reset > now then
    local next
    if f[4] or storedRemaining == nil or (storedReset ~= nil and reset > storedReset) then
      next = remaining
    elseif storedReset == nil or storedReset == reset then
      next = math.min(storedRemaining, remaining)
    end
    if next ~= nil then
      if f[4] then redis.call('DEL', key) end
      redis.call('HSET', key, 'remaining', next, 'reset', reset)
      if limit ~= nil then redis.call('HSET', key, 'limit', limit) end
      redis.call('PEXPIREAT', key, reset + pad + keepMs)
    end
  elseif not seen and status >= 200 and status < 300 and not live then
    redis.call('DEL', key)
    redis.call('HSET', key, 'unlimited', '1')
    redis.call('PEXPIRE', key, unlimitedMs)
  end
end
return 0
`;

export const reserveScript = redisScript(RESERVE);
export const recordScript = redisScript(RECORD);

/**
 * Holds a query's lower bound (issue 35): KEYS the windows (hashes as for RESERVE, no probe
 * locks), ARGV: now, stallMs, then the count to take from each window.
 *
 * All or nothing: every window is checked first, and a window whose known remaining is short
 * of its count before its reset refuses the whole hold. Per window:
 * - unknown (no remaining), `unlimited`, or a count of 0: nothing held (the calls reserve);
 * - the reset passed: the window restarts at its known limit as RESERVE restarts it, and the
 *   count is taken from the new window (a limit short of the count holds nothing: no reset
 *   is known to refuse with);
 * - a restarted window (reset not told yet) short of the count: nothing held;
 * - else the count is taken (decremented).
 * Returns {0, then per window: the reset held (epoch ms), -1 for a restarted window, -2 for
 * none held}, or {i, remaining, reset} naming the first window that refuses.
 */
const HOLD = `
local now = tonumber(ARGV[1])
local stallMs = tonumber(ARGV[2])
local plans = {}
for i = 1, #KEYS do
  local n = tonumber(ARGV[2 + i])
  local f = redis.call('HMGET', KEYS[i], 'limit', 'remaining', 'reset', 'unlimited')
  local limit, remaining, reset = tonumber(f[1]), tonumber(f[2]), tonumber(f[3])
  local plan = 'none'
  if f[4] or remaining == nil or n <= 0 then
    plan = 'none'
  elseif reset ~= nil and now >= reset then
    if limit ~= nil and limit >= n then plan = 'restart' end
  elseif reset == nil then
    if remaining >= n then plan = 'take' end
  elseif remaining < n then
    return {i, remaining, reset}
  else
    plan = 'take'
  end
  plans[i] = plan
end
local held = {0}
for i = 1, #KEYS do
  local n = tonumber(ARGV[2 + i])
  local plan = plans[i]
  if plan == 'take' then
    redis.call('HINCRBY', KEYS[i], 'remaining', -n)
    held[i + 1] = tonumber(redis.call('HGET', KEYS[i], 'reset')) or -1
  elseif plan == 'restart' then
    local limit = tonumber(redis.call('HGET', KEYS[i], 'limit'))
    redis.call('HSET', KEYS[i], 'remaining', limit - n)
    redis.call('HDEL', KEYS[i], 'reset')
    redis.call('PEXPIRE', KEYS[i], stallMs)
    held[i + 1] = -1
  else
    held[i + 1] = -2
  end
end
return held
`;

/**
 * Gives back what a hold did not spend: KEYS the windows, ARGV: now, then per window the
 * count and the reset it was held under (-1: a restarted window, reset not told yet).
 * Given back only into the same window (its reset unchanged and ahead), never past its limit:
 * upstream never saw those requests, so the window has them still.
 */
const RELEASE = `
local now = tonumber(ARGV[1])
for i = 1, #KEYS do
  local n = tonumber(ARGV[2 * i])
  local heldReset = tonumber(ARGV[2 * i + 1])
  local f = redis.call('HMGET', KEYS[i], 'limit', 'remaining', 'reset')
  local limit, remaining, reset = tonumber(f[1]), tonumber(f[2]), tonumber(f[3])
  local same = (heldReset == -1 and reset == nil) or (reset ~= nil and reset == heldReset and now < reset)
  if n > 0 and remaining ~= nil and same then
    local back = remaining + n
    if limit ~= nil and back > limit then back = limit end
    redis.call('HSET', KEYS[i], 'remaining', back)
  end
end
return 0
`;

export const holdScript = redisScript<number[]>(HOLD);
export const releaseScript = redisScript(RELEASE);
