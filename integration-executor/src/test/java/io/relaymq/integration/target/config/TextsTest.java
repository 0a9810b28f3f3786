package io.relaymq.integration.target.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextsTest {

    @Test
    void acceptsPrintableTextOfAnyScript() {
        assertThat(Texts.isClean("plain ASCII")).isTrue();
        assertThat(Texts.isClean("Grüße 日本 \uD83D\uDE00")).isTrue();
        assertThat(Texts.isClean("")).isTrue();
    }

    @Test
    void refusesControlCharactersAndLoneSurrogates() {
        assertThat(Texts.isClean("a\nb")).isFalse();
        assertThat(Texts.isClean("a\u0000b")).isFalse();
        assertThat(Texts.isClean("a\u0085b")).isFalse();
        assertThat(Texts.isClean("a\u2028b")).isFalse();
        assertThat(Texts.isClean("a\uD83Db")).isFalse();
        assertThat(Texts.isClean("\uDE00")).isFalse();
        assertThat(Texts.isClean("end\uD83D")).isFalse();
    }
}
