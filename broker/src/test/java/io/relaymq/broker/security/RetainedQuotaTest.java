package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.retain.RetainedMessages;
import io.relaymq.broker.retain.RetainedQuota;
import io.relaymq.broker.retain.RetainedQuota.Verdict;
import io.relaymq.broker.topic.TopicFilter;
import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.PublishedMessage;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Finding 7 (retained messages): the cluster-wide retained count and byte caps, judged on a node's copy of
 * the retained messages. Replacing and clearing are always possible; only growth past a cap is refused.
 */
class RetainedQuotaTest {

    private final RetainedMessages store = new RetainedMessages();
    private final RetainedQuota quota = new RetainedQuota(store, 3, 100);

    private static PublishedMessage retained(String topic, int bytes) {
        return new PublishedMessage(topic, 1, true, new byte[bytes], "c", 0, MessageProperties.NONE);
    }

    @Test
    void theStoreKeepsItsPayloadBytesThroughReplaceClearRemoveAndExpiry() {
        store.apply(retained("a", 10));
        store.apply(retained("b", 20));
        store.apply(retained("a", 5));
        assertThat(store.payloadBytes()).isEqualTo(25);
        store.apply(retained("b", 0));
        assertThat(store.payloadBytes()).isEqualTo(5);
        store.remove("a");
        store.remove("a");
        assertThat(store.payloadBytes()).isZero();

        store.apply(new PublishedMessage(
                "e", 1, true, new byte[7], "c", 0, new MessageProperties(null, 1L, null, null, null, List.of())));
        store.matching(TopicFilter.parse("#").orElseThrow(), 10_000);
        assertThat(store.size()).isZero();
        assertThat(store.payloadBytes()).isZero();
    }

    @Test
    void aNewTopicBeyondTheCountIsRefusedButReplacingAndClearingFit() {
        store.apply(retained("a", 1));
        store.apply(retained("b", 1));
        store.apply(retained("c", 1));

        assertThat(quota.check("d", 1)).isEqualTo(Verdict.TOO_MANY_MESSAGES);
        assertThat(quota.refusal("d", 1)).isEqualTo("retained_messages");
        assertThat(quota.check("a", 1)).isEqualTo(Verdict.FITS);
        assertThat(quota.check("d", 0)).as("clearing").isEqualTo(Verdict.FITS);
        assertThat(quota.refusal("a", 1)).isNull();
    }

    @Test
    void growthPastTheBytesIsRefusedAndShrinkingOrSameSizeAlwaysFits() {
        store.apply(retained("a", 60));
        store.apply(retained("b", 30));

        assertThat(quota.check("c", 11)).isEqualTo(Verdict.TOO_MANY_BYTES);
        assertThat(quota.check("c", 10)).isEqualTo(Verdict.FITS);
        assertThat(quota.check("b", 41)).as("replacing, growing past the cap").isEqualTo(Verdict.TOO_MANY_BYTES);
        assertThat(quota.check("b", 40)).isEqualTo(Verdict.FITS);

        store.apply(retained("c", 10));
        RetainedQuota tighter = new RetainedQuota(store, 3, 50);
        assertThat(tighter.check("a", 60)).as("over the cap already, same size").isEqualTo(Verdict.FITS);
        assertThat(tighter.check("a", 1)).as("shrinking").isEqualTo(Verdict.FITS);
    }
}
