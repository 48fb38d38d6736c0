/** Lua scripts: each runs as one transaction in Redis, so a check and the change it guards cannot be split. */

/**
 * Sets how long every key of an operation lives: PEXPIRE when it ended, PERSIST while it runs or waits.
 * KEYS: the operation's keys. `ttl`: milliseconds, or 0 for no expiry.
 */
const RETAIN = `
local function retain(ttl)
  for _, key in ipairs(KEYS) do
    if ttl > 0 then redis.call('PEXPIRE', key, ttl) else redis.call('PERSIST', key) end
  end
end`;

/**
 * KEYS: operation hash, event stream, tool results. ARGV: stepIndex, state JSON, decisionApplied (1/0),
 * channel, ttl ms of the keys (0: keep), events...
 */
export const COMMIT_STEP = `${RETAIN}
local index = redis.call('HGET', KEYS[1], 'stepIndex')
if not index or tonumber(index) ~= tonumber(ARGV[1]) then return -1 end
local last = tonumber(redis.call('HGET', KEYS[1], 'lastEventId'))
for i = 6, #ARGV do
  last = last + 1
  redis.call('XADD', KEYS[2], last .. '-0', 'e', ARGV[i])
end
redis.call('HSET', KEYS[1], 'state', ARGV[2], 'stepIndex', tonumber(ARGV[1]) + 1, 'lastEventId', last)
if ARGV[3] == '1' then redis.call('HDEL', KEYS[1], 'decision') end
retain(tonumber(ARGV[5]))
redis.call('PUBLISH', ARGV[4], last)
return last`;

/** KEYS: operation hash, event stream, tool results. ARGV: stepIndex, decision JSON. A stored decision (a resume) keeps the keys. */
export const STORE_DECISION = `${RETAIN}
local index = redis.call('HGET', KEYS[1], 'stepIndex')
if not index then return 'missing' end
if tonumber(index) ~= tonumber(ARGV[1]) then return 'stale' end
if redis.call('HEXISTS', KEYS[1], 'decision') == 1 then return 'pending' end
redis.call('HSET', KEYS[1], 'decision', ARGV[2])
retain(0)
return 'stored'`;

/** KEYS: lock. ARGV: token, ttl ms. */
export const REFRESH_LOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

/** KEYS: lock. ARGV: token. */
export const RELEASE_LOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;
