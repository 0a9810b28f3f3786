-- Returns one page of the stored messages of a persistent DEVICE session, in publish order: those
-- with a score above ARGV[1]. References whose message has expired are removed on the way (lazy
-- cleanup, their bytes leave the stored total) and do not count towards the page.
-- KEYS[1]: {client}_messages           ZSET of packet ids
-- KEYS[2]: {client}_messages_          prefix of the message keys
-- KEYS[3]: {client}_stored_bytes       bytes of all stored message values
-- KEYS[4]: {client}_stored_sizes       HASH packet id -> bytes of its stored value
-- ARGV[1]: the score after which to start (0 = from the oldest)
-- ARGV[2]: most messages returned
-- returns: flat list packetId1, score1, message1, packetId2, score2, message2, ...
local limit = tonumber(ARGV[2])
local after = '(' .. ARGV[1]
local result = {}
local found = 0
while found < limit do
    local page = redis.call('ZRANGEBYSCORE', KEYS[1], after, '+inf', 'WITHSCORES', 'LIMIT', 0, limit - found)
    if #page == 0 then
        break
    end
    for i = 1, #page, 2 do
        local id = page[i]
        local message = redis.call('GET', KEYS[2] .. id)
        if message then
            result[#result + 1] = id
            result[#result + 1] = page[i + 1]
            result[#result + 1] = message
            found = found + 1
        else
            redis.call('ZREM', KEYS[1], id)
            local size = redis.call('HGET', KEYS[4], id)
            if size then
                redis.call('HDEL', KEYS[4], id)
                redis.call('DECRBY', KEYS[3], size)
            end
        end
        after = '(' .. page[i + 1]
    end
end
return result
