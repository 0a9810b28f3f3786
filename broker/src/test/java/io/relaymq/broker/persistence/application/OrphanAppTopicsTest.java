package io.relaymq.broker.persistence.application;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.cluster.SessionDetails;
import io.relaymq.broker.cluster.SessionInfo;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OrphanAppTopicsTest {

    private static SessionInfo session(String clientType, boolean connected) {
        return new SessionInfo(
                "node-b", connected, 600, new SessionDetails(clientType, "10.0.0.1", "MQTT_5", false, 1, 0), 4);
    }

    @Test
    void onlyClientTopicsOfThisLayoutAreCandidates() {
        assertThat(OrphanAppTopics.isClientTopic(AppTopicNames.forClient("backend-1")))
                .isTrue();
        assertThat(OrphanAppTopics.isClientTopic(AppTopicNames.forClient("x".repeat(300))))
                .isTrue();
        assertThat(OrphanAppTopics.isClientTopic(AppTopicNames.forClient("shared")))
                .isTrue();
        assertThat(OrphanAppTopics.isClientTopic(AppTopicNames.forSharedFilter("plant/+/temp")))
                .isFalse();
        assertThat(OrphanAppTopics.isClientTopic("relaymq.app.Not_Escaped")).isFalse();
        assertThat(OrphanAppTopics.isClientTopic("relaymq.msg.app.backend")).isFalse();
        assertThat(OrphanAppTopics.isClientTopic("relaymq.msg.all")).isFalse();
    }

    @Test
    void aTopicWhoseClientHasAnApplicationSessionAnywhereIsKept() {
        Map<String, SessionInfo> cluster = Map.of(
                "connected-elsewhere", session("APPLICATION", true),
                "waiting", session("APPLICATION", false),
                "now-a-device", session("DEVICE", true));
        Set<String> live = OrphanAppTopics.liveTopics(cluster, List.of());

        List<String> orphans = OrphanAppTopics.orphans(
                List.of(
                        AppTopicNames.forClient("connected-elsewhere"),
                        AppTopicNames.forClient("waiting"),
                        AppTopicNames.forClient("now-a-device"),
                        AppTopicNames.forClient("gone"),
                        AppTopicNames.forSharedFilter("plant/#"),
                        "relaymq.msg.all"),
                live);

        assertThat(orphans).containsExactly(AppTopicNames.forClient("gone"), AppTopicNames.forClient("now-a-device"));
    }

    @Test
    void aRecordWithDefaultedDetailsMayBeAnApplicationAndKeepsItsTopic() {
        SessionInfo defaulted = new SessionInfo("node-b", false, 600, SessionDetails.UNKNOWN, 4);
        Set<String> live = OrphanAppTopics.liveTopics(Map.of("old-record", defaulted), List.of());

        assertThat(OrphanAppTopics.orphans(List.of(AppTopicNames.forClient("old-record")), live))
                .isEmpty();
    }

    @Test
    void noTopicsNoOrphans() {
        assertThat(OrphanAppTopics.orphans(List.of(), Set.of())).isEmpty();
    }
}
