-- Removes everything stored for one persistent DEVICE session (clean start, session expiry, client
-- type change).
-- KEYS[1]: {client}_messages           ZSET of packet ids
-- KEYS[2]: {client}_last_packet_id     last packet id assigned
-- KEYS[3]: {client}_messages_          prefix of the message keys
-- KEYS[4]: {client}_last_score         last score assigned
-- KEYS[5]: {client}_stored_bytes       bytes of all stored message values
-- KEYS[6]: {client}_stored_sizes       HASH packet id -> bytes of its stored value
-- KEYS[7]: {client}_sources            HASH msg.all partition -> highest source offset saved
-- returns: the number of messages removed
local ids = redis.call('ZRANGE', KEYS[1], 0, -1)
for _, id in ipairs(ids) do
    redis.call('DEL', KEYS[3] .. id)
end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[4], KEYS[5], KEYS[6], KEYS[7])
return #ids
