-- Records that messages were sent once (called as they first go out, so that it holds after a node
-- crash too), so the next connection, on any node, resends them with DUP set: the first byte of each message value turns from
-- ARGV[1] (never sent) into ARGV[2] (sent); other values (PUBREL markers) and the TTL stay.
-- KEYS[1]: {client}_messages_          prefix of the message keys
-- ARGV[1]: the first byte of a message never sent
-- ARGV[2]: the first byte of a message sent once
-- ARGV[3..]: packet ids
-- returns: how many messages were marked
local marked = 0
for i = 3, #ARGV do
    local key = KEYS[1] .. ARGV[i]
    if redis.call('GETRANGE', key, 0, 0) == ARGV[1] then
        redis.call('SETRANGE', key, 0, ARGV[2])
        marked = marked + 1
    end
end
return marked
