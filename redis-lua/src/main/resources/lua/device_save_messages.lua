-- Saves messages for one persistent DEVICE session, assigning packet ids.
-- KEYS[1]: {client}_messages           ZSET of packet ids, score = ever-growing sequence (survives the 65535 wrap)
-- KEYS[2]: {client}_last_packet_id     last packet id assigned (1..65535)
-- KEYS[3]: {client}_messages_          prefix of the message keys ({client}_messages_<packetId>)
-- KEYS[4]: {client}_last_score         last score assigned (kept while the ZSET is empty, so scores never repeat)
-- ARGV[1]: limit                       most messages kept; the oldest beyond it are removed
-- ARGV[2..]: pairs of (ttlSeconds, message) in publish order
-- returns: flat list packetId1, score1, packetId2, score2, ... in the order of the messages
local last_id = tonumber(redis.call('GET', KEYS[2]) or '0')
local score = tonumber(redis.call('GET', KEYS[4]) or '0')
local assigned = {}
for i = 2, #ARGV, 2 do
    last_id = (last_id % 65535) + 1
    score = score + 1
    redis.call('SET', KEYS[3] .. last_id, ARGV[i + 1], 'EX', ARGV[i])
    redis.call('ZADD', KEYS[1], score, last_id)
    assigned[#assigned + 1] = last_id
    assigned[#assigned + 1] = score
end
redis.call('SET', KEYS[2], last_id)
redis.call('SET', KEYS[4], score)
local limit = tonumber(ARGV[1])
local excess = redis.call('ZCARD', KEYS[1]) - limit
if excess > 0 then
    local oldest = redis.call('ZRANGE', KEYS[1], 0, excess - 1)
    for _, id in ipairs(oldest) do
        redis.call('DEL', KEYS[3] .. id)
    end
    redis.call('ZREMRANGEBYRANK', KEYS[1], 0, excess - 1)
end
return assigned
