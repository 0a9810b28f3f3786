-- Marks a QoS 2 message as released (PUBREC received): its value is replaced by the PUBREL marker the
-- broker sends again after a reconnect, keeping the message's remaining TTL; the stored bytes shrink.
-- KEYS[1]: {client}_messages_          prefix of the message keys
-- KEYS[2]: {client}_stored_bytes       bytes of all stored message values
-- KEYS[3]: {client}_stored_sizes       HASH packet id -> bytes of its stored value
-- ARGV[1]: packet id
-- ARGV[2]: the PUBREL marker value
-- returns: 1 when the message was stored, 0 when not
local updated = redis.call('SET', KEYS[1] .. ARGV[1], ARGV[2], 'XX', 'KEEPTTL')
if updated then
    local size = redis.call('HGET', KEYS[3], ARGV[1])
    if size then
        local marker = string.len(ARGV[2])
        redis.call('HSET', KEYS[3], ARGV[1], marker)
        redis.call('DECRBY', KEYS[2], tonumber(size) - marker)
    end
    return 1
end
return 0
