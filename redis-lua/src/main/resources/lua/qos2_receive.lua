-- Keeps the packet id of a QoS 2 PUBLISH a persistent session received, before its message goes to Kafka
-- (write-ahead), with the token its Kafka record will carry and the time, so that a node continuing the
-- session after a crash can tell whether Kafka got the message when the client sends it again.
-- A node writes only while no newer generation of the session has begun elsewhere: once another node
-- has read the ids (qos2_begin.lua), the old node must not forward what it receives any more.
-- KEYS[1]: {client}_qos2_received     HASH packet id -> "token:millis:node"; field "#g" -> generation begun last
-- ARGV[1]: packet id
-- ARGV[2]: "token:millis:node" (node: the node keeping it)
-- ARGV[3]: generation of the writing node's session
-- ARGV[4]: TTL in seconds (the session expiry)
-- returns: 1 when kept, 0 when a newer generation has begun (nothing written)
local begun = tonumber(redis.call('HGET', KEYS[1], '#g') or '0')
if begun > tonumber(ARGV[3]) then
    return 0
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1
