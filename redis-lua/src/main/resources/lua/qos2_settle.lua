-- A node let a persistent session go to another node and every Kafka write it began for the session has
-- finished: the ids it kept for those writes can no longer get a record later, so it drops its name from
-- them. The node now running the session then knows that a record it does not find for such an id will
-- never come. Only an id still holding the token this node wrote is changed (not one kept anew since).
-- KEYS[1]: {client}_qos2_received     HASH packet id -> "token:millis:node"; field "#g" -> generation begun last
-- ARGV[1]: the node letting go
-- ARGV[2..]: packet id, token, packet id, token, ... of the ids it kept
-- returns: how many ids were settled
local suffix = ':' .. ARGV[1]
local settled = 0
for i = 2, #ARGV - 1, 2 do
    local value = redis.call('HGET', KEYS[1], ARGV[i])
    local prefix = ARGV[i + 1] .. ':'
    if value and string.sub(value, 1, #prefix) == prefix and #value > #suffix
            and string.sub(value, -#suffix) == suffix then
        redis.call('HSET', KEYS[1], ARGV[i], string.sub(value, 1, #value - #ARGV[1]))
        settled = settled + 1
    end
end
return settled
