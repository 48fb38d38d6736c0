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
 * The list of operations (see operation-index.ts), under `prefix`: `ops` (every entry), `ops:<status>`
 * (the entries by status), `ops:expiring` (`<status>|<entry>` scored by when its keys expire) and
 * `ops:sequence` (the creation counter). An operation's keys expire on their own; `prune` drops the
 * entries of those whose time came, a bounded share on each create and list, so the index never outgrows
 * what is kept. Index keys are derived from `prefix` (a single Redis, not a cluster).
 */
const INDEX = `
local function now_ms()
  local time = redis.call('TIME')
  return tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end
local function reindex(prefix, entry, old_status, new_status, ttl)
  if not entry then return end
  if old_status then
    redis.call('ZREM', prefix .. 'ops:' .. old_status, entry)
    redis.call('ZREM', prefix .. 'ops:expiring', old_status .. '|' .. entry)
  end
  if not new_status then
    redis.call('ZREM', prefix .. 'ops', entry)
    return
  end
  redis.call('ZADD', prefix .. 'ops:' .. new_status, 0, entry)
  if ttl > 0 then redis.call('ZADD', prefix .. 'ops:expiring', now_ms() + ttl, new_status .. '|' .. entry) end
end
local function prune(prefix)
  local due = redis.call('ZRANGEBYSCORE', prefix .. 'ops:expiring', '-inf', now_ms(), 'LIMIT', 0, 100)
  for _, item in ipairs(due) do
    local bar = string.find(item, '|', 1, true)
    local status, entry = string.sub(item, 1, bar - 1), string.sub(item, bar + 1)
    redis.call('ZREM', prefix .. 'ops:expiring', item)
    if redis.call('EXISTS', prefix .. 'op:' .. string.sub(entry, 17)) == 0 then reindex(prefix, entry, status, false, 0) end
  end
end`;

/**
 * KEYS: operation hash. ARGV: prefix, operationId, state JSON, meta JSON, status, stepCount, createdAt,
 * lastModified, ttl ms (a new operation expires like an ended one until its first step is saved).
 */
export const CREATE_OPERATION = `${INDEX}
local prefix = ARGV[1]
prune(prefix)
local entry = string.format('%015d', redis.call('INCR', prefix .. 'ops:sequence')) .. ':' .. ARGV[2]
redis.call('HSET', KEYS[1], 'state', ARGV[3], 'meta', ARGV[4], 'stepIndex', 0, 'lastEventId', 0,
  'status', ARGV[5], 'stepCount', ARGV[6], 'createdAt', ARGV[7], 'lastModified', ARGV[8], 'entry', entry)
redis.call('PEXPIRE', KEYS[1], ARGV[9])
redis.call('ZADD', prefix .. 'ops', 0, entry)
reindex(prefix, entry, false, ARGV[5], tonumber(ARGV[9]))
return entry`;

/** KEYS: operation hash, event stream, tool results, lock. ARGV: prefix. */
export const REMOVE_OPERATION = `${INDEX}
local found = redis.call('HMGET', KEYS[1], 'status', 'entry')
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3], KEYS[4])
reindex(ARGV[1], found[2], found[1], false, 0)
return 1`;

/**
 * KEYS: operation hash, event stream, tool results. ARGV: stepIndex, state JSON, decisionApplied (1/0),
 * channel, ttl ms of the keys (0: keep), prefix, status, stepCount, lastModified, events...
 */
export const COMMIT_STEP = `${RETAIN}${INDEX}
local index = redis.call('HGET', KEYS[1], 'stepIndex')
if not index or tonumber(index) ~= tonumber(ARGV[1]) then return -1 end
local found = redis.call('HMGET', KEYS[1], 'status', 'entry', 'lastEventId')
local last = tonumber(found[3])
for i = 10, #ARGV do
  last = last + 1
  redis.call('XADD', KEYS[2], last .. '-0', 'e', ARGV[i])
end
redis.call('HSET', KEYS[1], 'state', ARGV[2], 'stepIndex', tonumber(ARGV[1]) + 1, 'lastEventId', last,
  'status', ARGV[7], 'stepCount', ARGV[8], 'lastModified', ARGV[9])
if ARGV[3] == '1' then redis.call('HDEL', KEYS[1], 'decision') end
retain(tonumber(ARGV[5]))
reindex(ARGV[6], found[2], found[1], ARGV[7], tonumber(ARGV[5]))
redis.call('PUBLISH', ARGV[4], last)
return last`;

/**
 * KEYS: operation hash, event stream, tool results. ARGV: stepIndex, decision JSON, prefix. A stored
 * decision (a resume) keeps the keys, so the operation's entry no longer expires either.
 */
export const STORE_DECISION = `${RETAIN}${INDEX}
local index = redis.call('HGET', KEYS[1], 'stepIndex')
if not index then return 'missing' end
if tonumber(index) ~= tonumber(ARGV[1]) then return 'stale' end
if redis.call('HEXISTS', KEYS[1], 'decision') == 1 then return 'pending' end
redis.call('HSET', KEYS[1], 'decision', ARGV[2])
retain(0)
local found = redis.call('HMGET', KEYS[1], 'status', 'entry')
if found[1] and found[2] then redis.call('ZREM', ARGV[3] .. 'ops:expiring', found[1] .. '|' .. found[2]) end
return 'stored'`;

/**
 * ARGV: prefix, status ('' for any), the entry to start after ('' for the newest), limit. Returns the
 * entry the page ended at when more may follow ('' when not), then status, stepCount, createdAt,
 * lastModified and the entry of each operation, newest first.
 */
export const LIST_OPERATIONS = `${INDEX}
local prefix, status, after, limit = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4])
prune(prefix)
local set = prefix .. 'ops' .. (status == '' and '' or (':' .. status))
local entries = redis.call('ZREVRANGEBYLEX', set, after == '' and '+' or ('(' .. after), '-', 'LIMIT', 0, limit + 1)
local page = { #entries > limit and entries[limit] or '' }
for i = 1, math.min(#entries, limit) do
  local fields = redis.call('HMGET', prefix .. 'op:' .. string.sub(entries[i], 17), 'status', 'stepCount', 'createdAt', 'lastModified')
  if fields[1] then
    for _, value in ipairs({ fields[1], fields[2], fields[3], fields[4], entries[i] }) do table.insert(page, value) end
  end
end
return page`;

/** KEYS: lock. ARGV: token, ttl ms. */
export const REFRESH_LOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0`;

/** KEYS: lock. ARGV: token. */
export const RELEASE_LOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;
