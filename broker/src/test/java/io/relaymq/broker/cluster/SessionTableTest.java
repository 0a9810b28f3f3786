package io.relaymq.broker.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.relaymq.broker.support.PreviousWireFormat;
import io.relaymq.broker.support.WireSamples;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The rule every node applies to session records, so that a late write of an older connect changes nothing. */
class SessionTableTest {

    private static final SessionDetails DETAILS = new SessionDetails(
            "DEVICE", "10.0.0.7", "MQTT_3_1_1", false, 1_700_000_000_000L, 0, "MQTT_BASIC:username|d");

    private final SessionTable table = new SessionTable();

    private static SessionInfo record(String node, boolean connected, long generation) {
        return new SessionInfo(node, connected, 3600, DETAILS, generation);
    }

    @Test
    void aStaleDisconnectOfTheOldOwnerAfterATakeoverIsIgnored() {
        table.put("c", record("node-a", true, 5));
        SessionInfo takenOver = record("node-b", true, 9);
        assertThat(table.put("c", takenOver).applied()).isTrue();

        SessionTable.Outcome late = table.put("c", record("node-a", false, 5));

        assertThat(late.applied()).isFalse();
        assertThat(late.held()).isEqualTo(takenOver);
        assertThat(table.get("c")).contains(takenOver);
    }

    @Test
    void withinOneGenerationAConnectionOnlyEnds() {
        SessionInfo gone = record("node-b", false, 9);
        assertThat(table.put("c", gone).applied()).isTrue();
        assertThat(table.put("c", record("node-b", true, 9)).applied())
                .as("the connect record written after its own disconnect")
                .isFalse();
        assertThat(table.get("c")).contains(gone);

        SessionTable fresh = new SessionTable();
        fresh.put("c", record("node-b", true, 9));
        assertThat(fresh.put("c", gone).applied()).isTrue();
        assertThat(fresh.put("c", record("node-a", true, 10)).applied())
                .as("a newer connect")
                .isTrue();
    }

    @Test
    void recordsWithoutAGenerationReplaceAnyRecordAsBefore() {
        table.put("c", record("node-b", true, 9));
        SessionInfo legacy = new SessionInfo("node-old", false, 60, SessionDetails.UNKNOWN);
        assertThat(table.put("c", legacy).applied()).isTrue();
        assertThat(table.get("c")).contains(legacy);
        assertThat(table.put("c", record("node-b", true, 1)).applied()).isTrue();
    }

    @Test
    void anEndedSessionIsRevivedOnlyByANewerConnect() {
        table.put("c", record("node-b", true, 9));
        assertThat(table.end("c", 7).applied()).as("an older connect ending").isFalse();
        assertThat(table.get("c")).isPresent();

        assertThat(table.end("c", 9).applied()).isTrue();
        assertThat(table.get("c")).isEmpty();
        assertThat(table.generation("c")).isEqualTo(9);
        SessionTable.Outcome late = table.put("c", record("node-a", false, 5));
        assertThat(late.applied()).isFalse();
        assertThat(late.endedGeneration()).isEqualTo(9);
        assertThat(table.put("c", record("node-b", false, 9)).applied()).isFalse();
        assertThat(table.get("c")).isEmpty();

        assertThat(table.put("c", record("node-a", true, 12)).applied()).isTrue();
        assertThat(table.generation("c")).isEqualTo(12);
    }

    @Test
    void aTombstoneWithoutAGenerationAlwaysEnds() {
        table.put("c", record("node-b", true, 9));
        assertThat(table.end("c", 0).applied()).isTrue();
        assertThat(table.get("c")).isEmpty();
        assertThat(table.put("c", record("node-a", false, 5)).applied()).isTrue();
    }

    @Test
    void theGenerationIsPartOfTheRecordAndOlderRecordsDecodeWithout() {
        SessionInfo info = record("node-b", true, 42);
        assertThat(SessionInfo.decode(info.encode())).isEqualTo(info);
        // version 3 was version 4 without the trailing generation
        byte[] v4 = PreviousWireFormat.of("session-info");
        byte[] v3 = Arrays.copyOf(v4, v4.length - 8);
        v3[0] = 3;
        SessionInfo sample = WireSamples.sessionInfo();
        assertThat(SessionInfo.decode(v4)).isEqualTo(sample);
        assertThat(SessionInfo.decode(v3))
                .isEqualTo(new SessionInfo(
                        sample.ownerNode(), sample.connected(), sample.expirySeconds(), sample.details()));
        assertThat(SessionInfo.generationOf(SessionInfo.generationHeader(42))).isEqualTo(42);
        assertThat(SessionInfo.generationOf(null)).isZero();
        assertThat(ByteBuffer.wrap(SessionInfo.generationHeader(7)).getLong()).isEqualTo(7);
    }

    @Test
    void theDecidingNodeGrantsAGenerationAboveEverythingItKnows() {
        assertThat(SessionEventDecider.generation(0, 0)).isEqualTo(1);
        assertThat(SessionEventDecider.generation(41, 9)).isEqualTo(42);
        assertThat(SessionEventDecider.generation(3, 9))
                .as("request topic recreated: offsets start again")
                .isEqualTo(10);
    }
}
