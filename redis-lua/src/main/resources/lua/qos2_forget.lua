-- A session ends for good on the node that ran it: its kept packet ids go, unless a newer generation of
-- the session has begun on another node meanwhile (then they are that node's).
-- KEYS[1]: {client}_qos2_received     HASH packet id -> "token:millis:node"; field "#g" -> generation begun last
-- ARGV[1]: generation of the ending session
-- returns: 1 when removed, 0 when a newer generation owns them
local begun = tonumber(redis.call('HGET', KEYS[1], '#g') or '0')
if begun > tonumber(ARGV[1]) then
    return 0
end
redis.call('DEL', KEYS[1])
return 1
