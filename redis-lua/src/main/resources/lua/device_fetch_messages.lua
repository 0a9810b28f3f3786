-- Returns every stored message of one persistent DEVICE session in publish order, for a reconnect.
-- References whose message has expired are removed on the way (lazy cleanup).
-- KEYS[1]: {client}_messages           ZSET of packet ids
-- KEYS[2]: {client}_messages_          prefix of the message keys
-- returns: flat list packetId1, message1, packetId2, message2, ...
local ids = redis.call('ZRANGE', KEYS[1], 0, -1)
local result = {}
for _, id in ipairs(ids) do
    local message = redis.call('GET', KEYS[2] .. id)
    if message then
        result[#result + 1] = id
        result[#result + 1] = message
    else
        redis.call('ZREM', KEYS[1], id)
    end
end
return result
