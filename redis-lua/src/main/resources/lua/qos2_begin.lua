-- A node begins a persistent session: it records its generation, so older nodes stop writing ids
-- (qos2_receive.lua), and reads the ids kept so far. A clean start forgets them first.
-- KEYS[1]: {client}_qos2_received     HASH packet id -> "token:millis"; field "#g" -> generation begun last
-- ARGV[1]: generation beginning here
-- ARGV[2]: "1" for a clean start, else "0"
-- ARGV[3]: TTL in seconds (the session expiry)
-- returns: flat list packetId1, value1, packetId2, value2, ...
if ARGV[2] == '1' then
    redis.call('DEL', KEYS[1])
end
local begun = tonumber(redis.call('HGET', KEYS[1], '#g') or '0')
if tonumber(ARGV[1]) > begun then
    redis.call('HSET', KEYS[1], '#g', ARGV[1])
end
redis.call('EXPIRE', KEYS[1], ARGV[3])
local all = redis.call('HGETALL', KEYS[1])
local result = {}
for i = 1, #all, 2 do
    if all[i] ~= '#g' then
        result[#result + 1] = all[i]
        result[#result + 1] = all[i + 1]
    end
end
return result
