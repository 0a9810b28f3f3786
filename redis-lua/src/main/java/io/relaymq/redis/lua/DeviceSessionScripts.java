package io.relaymq.redis.lua;

import java.util.List;

/**
 * The Lua scripts of persistent DEVICE sessions, one file per operation under {@code lua/}, and those keeping the
 * QoS 2 packet ids persistent sessions received ({@code qos2Receive}, {@code qos2Begin}, {@code qos2Forget},
 * {@code qos2Settle}).
 */
public record DeviceSessionScripts(
        LuaScript save,
        LuaScript fetch,
        LuaScript remove,
        LuaScript markPubrel,
        LuaScript removeAll,
        LuaScript markSent,
        LuaScript qos2Receive,
        LuaScript qos2Begin,
        LuaScript qos2Forget,
        LuaScript qos2Settle) {

    /** Every script, for loading them into each Redis master at start. */
    public List<LuaScript> all() {
        return List.of(
                save, fetch, remove, markPubrel, removeAll, markSent, qos2Receive, qos2Begin, qos2Forget, qos2Settle);
    }

    public static DeviceSessionScripts load() {
        return new DeviceSessionScripts(
                LuaScript.load("device_save_messages"),
                LuaScript.load("device_fetch_messages"),
                LuaScript.load("device_remove_message"),
                LuaScript.load("device_mark_pubrel"),
                LuaScript.load("device_remove_all"),
                LuaScript.load("device_mark_sent"),
                LuaScript.load("qos2_receive"),
                LuaScript.load("qos2_begin"),
                LuaScript.load("qos2_forget"),
                LuaScript.load("qos2_settle"));
    }
}
