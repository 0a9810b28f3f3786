-- Saves messages for one persistent DEVICE session, assigning packet ids, and keeps the session within
-- its message and byte limits by removing the oldest messages (never the newest one).
-- Packet ids never collide with a stored message: before a message is stored, the oldest are removed
-- until it fits within the message limit (counted), and an id whose message is still stored (one the
-- client has not acknowledged while it acknowledged 65534 later ones) is skipped. The limit is at most
-- 65535, so a free id always exists. Ids are handed out in order and acknowledged mostly in order, so a
-- skip is rare and each stored message is skipped at most once per wrap: a call costs O(messages).
-- Replays are not stored twice: a message routed from relaymq.msg.all carries its source (msg.all
-- partition and offset). One partition is routed in offset order and one client's copies stay in order,
-- so a copy whose source offset is at or below the highest one saved for that partition is a copy
-- routed again after a router crash; it is skipped (answered with packet id 0 and score 0). Messages
-- without a source (retained, older records) are always stored. The marks change only with the saves of
-- this call, which is atomic: a failed call advances nothing.
-- KEYS[1]: {client}_messages           ZSET of packet ids, score = ever-growing sequence (survives the 65535 wrap)
-- KEYS[2]: {client}_last_packet_id     last packet id assigned (1..65535)
-- KEYS[3]: {client}_messages_          prefix of the message keys ({client}_messages_<packetId>)
-- KEYS[4]: {client}_last_score         last score assigned (kept while the ZSET is empty, so scores never repeat)
-- KEYS[5]: {client}_stored_bytes       bytes of all stored message values
-- KEYS[6]: {client}_stored_sizes       HASH packet id -> bytes of its stored value
-- KEYS[7]: {client}_sources            HASH msg.all partition -> highest source offset saved
-- ARGV[1]: limit                       most messages kept (1..65535); the oldest beyond it are removed
-- ARGV[2]: byte limit                  most bytes kept; the oldest are removed while the values exceed it
-- ARGV[3..]: triples of (ttlSeconds, source, message) in publish order; source is "partition:offset",
--            or empty when the message has none
-- returns: how many were removed for the message limit, how many for the byte limit, then the flat list
--          packetId1, score1, packetId2, score2, ... in the order of the messages (0, 0 for a skipped replay)
local last_id = tonumber(redis.call('GET', KEYS[2]) or '0')
local score = tonumber(redis.call('GET', KEYS[4]) or '0')
local bytes = tonumber(redis.call('GET', KEYS[5]) or '0')
local limit = tonumber(ARGV[1])
local count = redis.call('ZCARD', KEYS[1])
local result = {0, 0}

-- removes the oldest of the given ids (in order) while keep_going() says so; returns how many
local function drop(ids, keep_going)
    local n = 0
    for _, id in ipairs(ids) do
        if not keep_going() then
            break
        end
        redis.call('DEL', KEYS[3] .. id)
        local size = redis.call('HGET', KEYS[6], id)
        if size then
            bytes = bytes - tonumber(size)
            redis.call('HDEL', KEYS[6], id)
        end
        n = n + 1
    end
    if n > 0 then
        redis.call('ZREMRANGEBYRANK', KEYS[1], 0, n - 1)
    end
    count = count - n
    return n
end

local function always()
    return true
end

-- highest saved source offset by partition, read once per partition and written back once
local marks = {}
local changed = {}
local function replayed(source)
    local partition, offset = string.match(source, '^(%d+):(%d+)$')
    if partition == nil then
        return false
    end
    if marks[partition] == nil then
        marks[partition] = tonumber(redis.call('HGET', KEYS[7], partition) or '-1')
    end
    if tonumber(offset) <= marks[partition] then
        return true
    end
    marks[partition] = tonumber(offset)
    changed[partition] = offset
    return false
end

local function store(ttl, value)
    if count >= limit then
        result[1] = result[1] + drop(redis.call('ZRANGE', KEYS[1], 0, count - limit), always)
    end
    repeat
        last_id = (last_id % 65535) + 1
    until not redis.call('ZSCORE', KEYS[1], last_id)
    score = score + 1
    local size = string.len(value)
    redis.call('SET', KEYS[3] .. last_id, value, 'EX', ttl)
    redis.call('ZADD', KEYS[1], score, last_id)
    redis.call('HSET', KEYS[6], last_id, size)
    bytes = bytes + size
    count = count + 1
    result[#result + 1] = last_id
    result[#result + 1] = score
end

for i = 3, #ARGV, 3 do
    if replayed(ARGV[i + 1]) then
        result[#result + 1] = 0
        result[#result + 1] = 0
    else
        store(ARGV[i], ARGV[i + 2])
    end
end
for partition, offset in pairs(changed) do
    redis.call('HSET', KEYS[7], partition, offset)
end
redis.call('SET', KEYS[2], last_id)
redis.call('SET', KEYS[4], score)

local max_bytes = tonumber(ARGV[2])
while bytes > max_bytes and count > 1 do
    local page = redis.call('ZRANGE', KEYS[1], 0, math.min(99, count - 2))
    result[2] = result[2] + drop(page, function() return bytes > max_bytes end)
end
redis.call('SET', KEYS[5], bytes)
return result
