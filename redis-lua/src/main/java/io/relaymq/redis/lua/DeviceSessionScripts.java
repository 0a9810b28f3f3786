package io.relaymq.redis.lua;

/** The Lua scripts of persistent DEVICE sessions, one file per operation under {@code lua/}. */
public record DeviceSessionScripts(LuaScript save, LuaScript fetch, LuaScript remove, LuaScript markPubrel,
                                   LuaScript removeAll, LuaScript markSent) {

    /** Every script, for loading them into each Redis master at start. */
    public java.util.List<LuaScript> all() {
        return java.util.List.of(save, fetch, remove, markPubrel, removeAll, markSent);
    }

    public static DeviceSessionScripts load() {
        return new DeviceSessionScripts(LuaScript.load("device_save_messages"), LuaScript.load("device_fetch_messages"),
                LuaScript.load("device_remove_message"), LuaScript.load("device_mark_pubrel"),
                LuaScript.load("device_remove_all"), LuaScript.load("device_mark_sent"));
    }
}
