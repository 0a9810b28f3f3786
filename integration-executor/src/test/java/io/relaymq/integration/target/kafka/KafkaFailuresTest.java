package io.relaymq.integration.target.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.NetworkException;
import org.apache.kafka.common.errors.NotEnoughReplicasException;
import org.apache.kafka.common.errors.OutOfOrderSequenceException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.junit.jupiter.api.Test;

class KafkaFailuresTest {

    @Test
    void whatIsWrongWithTheRecordIsNotRetryable() {
        assertThat(KafkaFailures.classify(new RecordTooLargeException("big"), "t")
                        .retryable())
                .isFalse();
        assertThat(KafkaFailures.classify(new InvalidTopicException("bad"), "t").retryable())
                .isFalse();
    }

    @Test
    void transientTroubleIsRetryable() {
        assertThat(KafkaFailures.classify(new TimeoutException("slow"), "t").retryable())
                .isTrue();
        assertThat(KafkaFailures.classify(new NetworkException("cut"), "t").retryable())
                .isTrue();
        assertThat(KafkaFailures.classify(new NotEnoughReplicasException("isr"), "t")
                        .retryable())
                .isTrue();
    }

    @Test
    void refusedCredentialsAndAclsAreRetryableSoAnOperatorCanFixThem() {
        var auth = KafkaFailures.classify(new SaslAuthenticationException("bad password"), "t");
        var acl = KafkaFailures.classify(new TopicAuthorizationException("no write"), "t");

        assertThat(auth.retryable()).isTrue();
        assertThat(auth).hasMessageContaining("credentials or ACLs").hasMessageContaining("bad password");
        assertThat(acl.retryable()).isTrue();
    }

    @Test
    void onlyUnexpectedKafkaErrorsReplaceTheProducer() {
        assertThat(KafkaFailures.breaksProducer(new OutOfOrderSequenceException("seq")))
                .isTrue();
        assertThat(KafkaFailures.breaksProducer(new KafkaException("odd"))).isTrue();
        assertThat(KafkaFailures.breaksProducer(new TimeoutException("slow"))).isFalse();
        assertThat(KafkaFailures.breaksProducer(new RecordTooLargeException("big")))
                .isFalse();
        assertThat(KafkaFailures.breaksProducer(new IllegalStateException("not kafka")))
                .isFalse();
        assertThat(KafkaFailures.classify(new OutOfOrderSequenceException("seq"), "t")
                        .retryable())
                .isTrue();
    }
}
