package io.relaymq.broker.api.reset;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ResetMailerTest {

    @Test
    void theMailCarriesTheLinkTheTokenAndTheTtl() {
        String text = ResetMailer.text("admin@example.com", "https://mq.example.com", "tok_en", Duration.ofHours(1));

        assertThat(text)
                .contains("admin@example.com")
                .contains("https://mq.example.com/api/noauth/resetPassword?resetToken=tok_en\n")
                .contains("POST https://mq.example.com/api/noauth/resetPassword {\"resetToken\": \"tok_en\"")
                .contains("within 1 hour:");
    }

    @Test
    void theTtlInWholeUnits() {
        assertThat(ResetMailer.human(Duration.ofHours(2))).isEqualTo("2 hours");
        assertThat(ResetMailer.human(Duration.ofMinutes(90))).isEqualTo("90 minutes");
        assertThat(ResetMailer.human(Duration.ofSeconds(10))).isEqualTo("10 seconds");
        assertThat(ResetMailer.human(Duration.ofSeconds(1))).isEqualTo("1 second");
    }
}
