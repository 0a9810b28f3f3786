-- Test script: sets two keys and returns how many now exist.
-- KEYS[1], KEYS[2]: keys to set (must share a hash slot on a cluster)
-- ARGV[1]: the value for both
-- returns: integer, the number of the two keys that exist afterwards
redis.call('SET', KEYS[1], ARGV[1])
redis.call('SET', KEYS[2], ARGV[1])
return redis.call('EXISTS', KEYS[1], KEYS[2])
