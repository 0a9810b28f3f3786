package io.relaymq.redis.lua;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A Lua script file from the classpath folder {@code lua/}, with the SHA-1 digest that Redis gives it,
 * so it can be called with EVALSHA without a SCRIPT LOAD round trip first.
 */
public record LuaScript(String name, String body, String sha1) {

    public LuaScript {
        if (body.isBlank()) {
            throw new IllegalArgumentException("script " + name + " is empty");
        }
    }

    /** Loads {@code lua/<name>.lua} from the classpath. */
    public static LuaScript load(String name) {
        String resource = "lua/" + name + ".lua";
        try (InputStream in = LuaScript.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no Lua script on the classpath at " + resource);
            }
            return of(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    public static LuaScript of(String name, String body) {
        return new LuaScript(name, body, sha1Hex(body));
    }

    static String sha1Hex(String body) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-1").digest(body.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is required of every JVM", e);
        }
    }
}
