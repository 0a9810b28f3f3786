-- Marks a QoS 2 message as released (PUBREC received): its value is replaced by the PUBREL marker the
-- broker sends again after a reconnect, keeping the message's remaining TTL.
-- KEYS[1]: {client}_messages_          prefix of the message keys
-- ARGV[1]: packet id
-- ARGV[2]: the PUBREL marker value
-- returns: 1 when the message was stored, 0 when not
local updated = redis.call('SET', KEYS[1] .. ARGV[1], ARGV[2], 'XX', 'KEEPTTL')
if updated then
    return 1
end
return 0
