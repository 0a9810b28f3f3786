-- A node begins a persistent session: it records its generation, so older nodes stop writing ids
-- (qos2_receive.lua), and reads the ids kept so far. A clean start forgets them first. A generation
-- older than the one begun last changes nothing: a newer node owns the session already.
-- KEYS[1]: {client}_qos2_received     HASH packet id -> "token:millis:node"; field "#g" -> generation begun last
-- ARGV[1]: generation beginning here
-- ARGV[2]: "1" for a clean start, else "0"
-- ARGV[3]: TTL in seconds (at least 1)
-- returns: "0" alone when a newer generation has begun; else "1", then packetId1, value1, packetId2, value2, ...
local begun = tonumber(redis.call('HGET', KEYS[1], '#g') or '0')
local generation = tonumber(ARGV[1])
if generation < begun then
    return {'0'}
end
if ARGV[2] == '1' then
    redis.call('DEL', KEYS[1])
end
redis.call('HSET', KEYS[1], '#g', ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[3])
local all = redis.call('HGETALL', KEYS[1])
local result = {'1'}
for i = 1, #all, 2 do
    if all[i] ~= '#g' then
        result[#result + 1] = all[i]
        result[#result + 1] = all[i + 1]
    end
end
return result
