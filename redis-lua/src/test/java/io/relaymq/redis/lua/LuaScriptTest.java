package io.relaymq.redis.lua;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisNoScriptException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class LuaScriptTest {

    @Test
    void digestIsTheSha1RedisComputesForTheBody() {
        // SHA-1 of "return 1", as SCRIPT LOAD answers it
        assertThat(LuaScript.of("one", "return 1").sha1()).isEqualTo("e0e1f9fabfc9d4800c877a703b823ac0578ff8db");
    }

    @Test
    void scriptsAreLoadedFromTheLuaFolder() {
        LuaScript script = LuaScript.load("test_pair_set");
        assertThat(script.body()).contains("redis.call('SET', KEYS[1], ARGV[1])");
        assertThat(script.sha1()).hasSize(40);
    }

    @Test
    void missingOrEmptyScriptsAreRefused() {
        assertThatThrownBy(() -> LuaScript.load("nope")).hasMessageContaining("lua/nope.lua");
        assertThatThrownBy(() -> LuaScript.of("blank", "  ")).hasMessageContaining("empty");
    }

    @Test
    void noScriptIsRecognisedBareOrWrapped() {
        RedisNoScriptException noScript = new RedisNoScriptException("NOSCRIPT No matching script.");
        assertThat(ScriptRunner.isNoScript(noScript)).isTrue();
        assertThat(ScriptRunner.isNoScript(new CompletionException(noScript))).isTrue();
        assertThat(ScriptRunner.isNoScript(new RedisCommandExecutionException("CROSSSLOT Keys")))
                .isFalse();
    }
}
