-- Removes one message of a persistent DEVICE session (PUBACK, or PUBCOMP for QoS 2).
-- KEYS[1]: {client}_messages           ZSET of packet ids
-- KEYS[2]: {client}_messages_          prefix of the message keys
-- ARGV[1]: packet id
-- returns: 1 when the message was stored, 0 when not
redis.call('DEL', KEYS[2] .. ARGV[1])
return redis.call('ZREM', KEYS[1], ARGV[1])
