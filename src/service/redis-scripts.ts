/** Lua scripts: each runs as one transaction in Redis, so a check and the change it guards cannot be split. */

/** KEYS: operation hash, event stream. ARGV: stepIndex, state JSON, decisionApplied (1/0), channel, events... */
export const COMMIT_STEP = `
local index = redis.call('HGET', KEYS[1], 'stepIndex')
if not index or tonumber(index) ~= tonumber(ARGV[1]) then return -1 end
local last = tonumber(redis.call('HGET', KEYS[1], 'lastEventId'))
for i = 5, #ARGV do
  last = last + 1
  redis.call('XADD', KEYS[2], last .. '-0', 'e', ARGV[i])
end
redis.call('HSET', KEYS[1], 'state', ARGV[2], 'stepIndex', tonumber(ARGV[1]) + 1, 'lastEventId', last)
if ARGV[3] == '1' then redis.call('HDEL', KEYS[1], 'decision') end
redis.call('PUBLISH', ARGV[4], last)
return last`;

/** KEYS: operation hash. ARGV: stepIndex, decision JSON. */
export const STORE_DECISION = `
local index = redis.call('HGET', KEYS[1], 'stepIndex')
if not index then return 'missing' end
if tonumber(index) ~= tonumber(ARGV[1]) then return 'stale' end
if redis.call('HEXISTS', KEYS[1], 'decision') == 1 then return 'pending' end
redis.call('HSET', KEYS[1], 'decision', ARGV[2])
return 'stored'`;

/** KEYS: lock. ARGV: token, ttl ms. */
export const REFRESH_LOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

/** KEYS: lock. ARGV: token. */
export const RELEASE_LOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;
