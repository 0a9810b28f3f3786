-- Marks a QoS 2 message as released (PUBREC received): its value is replaced by the PUBREL marker the
-- broker sends again after a reconnect, keeping the message's remaining TTL; the stored bytes shrink.
-- Only when the packet id still belongs to that message (same score, see device_remove_message.lua).
-- KEYS[1]: {client}_messages           ZSET of packet ids
-- KEYS[2]: {client}_messages_          prefix of the message keys
-- KEYS[3]: {client}_stored_bytes       bytes of all stored message values
-- KEYS[4]: {client}_stored_sizes       HASH packet id -> bytes of its stored value
-- ARGV[1]: packet id
-- ARGV[2]: score of the message
-- ARGV[3]: the PUBREL marker value
-- returns: 1 when the message was stored, 0 when not
local stored = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not stored or tonumber(stored) ~= tonumber(ARGV[2]) then
    return 0
end
local updated = redis.call('SET', KEYS[2] .. ARGV[1], ARGV[3], 'XX', 'KEEPTTL')
if updated then
    local size = redis.call('HGET', KEYS[4], ARGV[1])
    if size then
        local marker = string.len(ARGV[3])
        redis.call('HSET', KEYS[4], ARGV[1], marker)
        redis.call('DECRBY', KEYS[3], tonumber(size) - marker)
    end
    return 1
end
return 0
