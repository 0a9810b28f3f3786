-- Records that messages were sent once (called as they first go out, so that it holds after a node
-- crash too), so the next connection, on any node, resends them with DUP set: the first byte of each
-- message value turns from ARGV[1] (never sent) into ARGV[2] (sent); other values (PUBREL markers) and
-- the TTL stay. A packet id that belongs to another message by now (other score, see
-- device_remove_message.lua) is left alone.
-- KEYS[1]: {client}_messages           ZSET of packet ids
-- KEYS[2]: {client}_messages_          prefix of the message keys
-- ARGV[1]: the first byte of a message never sent
-- ARGV[2]: the first byte of a message sent once
-- ARGV[3..]: pairs of (packet id, score)
-- returns: how many messages were marked
local marked = 0
for i = 3, #ARGV, 2 do
    local stored = redis.call('ZSCORE', KEYS[1], ARGV[i])
    local key = KEYS[2] .. ARGV[i]
    if stored and tonumber(stored) == tonumber(ARGV[i + 1]) and redis.call('GETRANGE', key, 0, 0) == ARGV[1] then
        redis.call('SETRANGE', key, 0, ARGV[2])
        marked = marked + 1
    end
end
return marked
