-- Removes one message of a persistent DEVICE session (PUBACK, or PUBCOMP for QoS 2), only when the
-- packet id still belongs to the message acknowledged: its score must match. A message removed for a
-- limit while in flight may have handed its id to a newer one, which a late PUBACK must not remove.
-- KEYS[1]: {client}_messages           ZSET of packet ids
-- KEYS[2]: {client}_messages_          prefix of the message keys
-- KEYS[3]: {client}_stored_bytes       bytes of all stored message values
-- KEYS[4]: {client}_stored_sizes       HASH packet id -> bytes of its stored value
-- ARGV[1]: packet id
-- ARGV[2]: score of the message
-- returns: 1 when the message was stored, 0 when not
local stored = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not stored or tonumber(stored) ~= tonumber(ARGV[2]) then
    return 0
end
redis.call('DEL', KEYS[2] .. ARGV[1])
local size = redis.call('HGET', KEYS[4], ARGV[1])
if size then
    redis.call('HDEL', KEYS[4], ARGV[1])
    redis.call('DECRBY', KEYS[3], size)
end
return redis.call('ZREM', KEYS[1], ARGV[1])
