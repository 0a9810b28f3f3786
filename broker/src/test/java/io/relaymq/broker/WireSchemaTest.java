package io.relaymq.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.CodedOutputStream;
import io.relaymq.broker.cluster.ClientSubscriptions;
import io.relaymq.broker.cluster.OutboundMessageCodec;
import io.relaymq.broker.cluster.SessionCommand;
import io.relaymq.broker.cluster.SessionEvents;
import io.relaymq.broker.cluster.SessionInfo;
import io.relaymq.broker.persistence.device.PersistedMessageCodec;
import io.relaymq.broker.session.PersistedMessage;
import io.relaymq.broker.support.PreviousWireFormat;
import io.relaymq.broker.support.WireSamples;
import io.relaymq.common.message.PublishedMessageCodec;
import io.relaymq.common.wire.Wire;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Every record RelayMQ writes to Kafka and Redis is a message of the wire schema ({@code wire.proto}), and an
 * upgraded node reads what the build before the schema left in Kafka and Redis: the values in
 * {@link PreviousWireFormat} were written by that build's codecs and must decode to the same values. A value of a
 * later version, with fields this one does not know, still decodes (the rolling-upgrade rule of the schema).
 */
class WireSchemaTest {

    /** How each kind of value decodes, and what it must decode to. */
    private record Kind(Function<byte[], Object> decode, Object expected) {}

    private static final Map<String, Kind> KINDS = Map.ofEntries(
            Map.entry("published", new Kind(PublishedMessageCodec::decode, WireSamples.published())),
            Map.entry("published-plain", new Kind(PublishedMessageCodec::decode, WireSamples.plain())),
            Map.entry("outbound", new Kind(OutboundMessageCodec::decode, WireSamples.outbound())),
            Map.entry("outbound-plain", new Kind(OutboundMessageCodec::decode, WireSamples.outboundPlain())),
            Map.entry(
                    "persisted",
                    new Kind(
                            PersistedMessageCodec::decode,
                            new PersistedMessage(
                                    65535, 1_764_000_000_999L, PersistedMessage.State.NEW, WireSamples.outbound()))),
            Map.entry("session-info", new Kind(SessionInfo::decode, WireSamples.sessionInfo())),
            Map.entry("connect-request", new Kind(SessionEvents.ConnectRequest::decode, WireSamples.connectRequest())),
            Map.entry(
                    "connect-decision", new Kind(SessionEvents.ConnectDecision::decode, WireSamples.connectDecision())),
            Map.entry(
                    "connect-decision-first",
                    new Kind(SessionEvents.ConnectDecision::decode, WireSamples.firstDecision())),
            Map.entry(
                    "client-subscriptions",
                    new Kind(
                            v -> ClientSubscriptions.decode(WireSamples.CLIENT, v), WireSamples.clientSubscriptions())),
            Map.entry(
                    "command-hand-over",
                    new Kind(v -> SessionCommand.decode(WireSamples.CLIENT, v), WireSamples.handOver())),
            Map.entry(
                    "command-set-subscriptions",
                    new Kind(v -> SessionCommand.decode(WireSamples.CLIENT, v), WireSamples.setSubscriptions())),
            Map.entry(
                    "command-remove",
                    new Kind(v -> SessionCommand.decode(WireSamples.CLIENT, v), WireSamples.remove())));

    /** Kinds that came after the schema: they have no earlier format to read. */
    private static final Map<String, Kind> SCHEMA_ONLY = Map.of(
            "command-in-flight-query",
            new Kind(v -> SessionCommand.decode(WireSamples.CLIENT, v), WireSamples.inFlightQuery()),
            "command-in-flight-answer",
            new Kind(v -> SessionCommand.decode(WireSamples.CLIENT, v), WireSamples.inFlightAnswer()),
            "command-in-flight-unknown",
            new Kind(v -> SessionCommand.decode(WireSamples.CLIENT, v), WireSamples.inFlightUnknown()));

    private static Map<String, Kind> allKinds() {
        Map<String, Kind> all = new java.util.HashMap<>(KINDS);
        all.putAll(SCHEMA_ONLY);
        return all;
    }

    /** A persisted downlink record says whether its message was stored as sent already. */
    @Test
    void aPersistedRecordCarriesWhetherItsMessageIsStoredAsSent() {
        byte[] stored = OutboundMessageCodec.encode(WireSamples.outbound());
        assertThat(PersistedMessageCodec.decode(PersistedMessageCodec.encode(7, 9L, stored, true)))
                .usingRecursiveComparison()
                .isEqualTo(new PersistedMessage(7, 9L, PersistedMessage.State.MARKED, WireSamples.outbound()));
        assertThat(PersistedMessageCodec.decode(PersistedMessageCodec.encode(7, 9L, stored, false))
                        .state())
                .isEqualTo(PersistedMessage.State.NEW);
    }

    @Test
    void valuesWrittenBeforeTheSchemaDecodeToTheSameValues() {
        Map<String, byte[]> previous = PreviousWireFormat.all();
        assertThat(previous).containsOnlyKeys(KINDS.keySet());
        previous.forEach((name, value) -> {
            assertThat(Wire.isFramed(value)).as(name).isFalse();
            assertThat(KINDS.get(name).decode().apply(value))
                    .as(name)
                    .usingRecursiveComparison()
                    .isEqualTo(KINDS.get(name).expected());
        });
    }

    @Test
    void everyValueIsWrittenInTheSchemaAndReadBack() {
        Map<String, Kind> all = allKinds();
        for (String name : all.keySet()) {
            byte[] value = encodeCurrent(name);
            assertThat(value[0]).as(name).isEqualTo(Wire.FORMAT);
            assertThat(all.get(name).decode().apply(value))
                    .as(name)
                    .usingRecursiveComparison()
                    .isEqualTo(all.get(name).expected());
        }
    }

    @Test
    void aValueWithFieldsOfALaterVersionStillDecodes() throws IOException {
        Map<String, Kind> all = allKinds();
        for (String name : all.keySet()) {
            byte[] value = encodeCurrent(name);
            byte[] later = withUnknownField(value);
            assertThat(all.get(name).decode().apply(later))
                    .as(name)
                    .usingRecursiveComparison()
                    .isEqualTo(all.get(name).expected());
        }
    }

    @Test
    void aMalformedValueIsRefusedWithAClearError() {
        byte[] value = OutboundMessageCodec.encode(WireSamples.outbound());
        byte[] truncated = Arrays.copyOf(value, value.length - 5);
        assertThatThrownBy(() -> OutboundMessageCodec.decode(truncated))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("malformed downlink record");
        assertThatThrownBy(() -> SessionInfo.decode(new byte[] {Wire.FORMAT, (byte) 0xFF}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SessionCommand.decode("c", new byte[] {Wire.FORMAT}))
                .hasMessageContaining("without a command");
    }

    /** The value with field 1000 (a string no version knows) appended, as a later version might write it. */
    private static byte[] withUnknownField(byte[] value) throws IOException {
        ByteArrayOutputStream extra = new ByteArrayOutputStream();
        CodedOutputStream out = CodedOutputStream.newInstance(extra);
        out.writeString(1000, "added by a later version");
        out.flush();
        byte[] later = Arrays.copyOf(value, value.length + extra.size());
        System.arraycopy(extra.toByteArray(), 0, later, value.length, extra.size());
        return later;
    }

    private static byte[] encodeCurrent(String name) {
        return switch (name) {
            case "published" -> PublishedMessageCodec.encode(WireSamples.published());
            case "published-plain" -> PublishedMessageCodec.encode(WireSamples.plain());
            case "outbound" -> OutboundMessageCodec.encode(WireSamples.outbound());
            case "outbound-plain" -> OutboundMessageCodec.encode(WireSamples.outboundPlain());
            case "persisted" ->
                PersistedMessageCodec.encode(
                        65535, 1_764_000_000_999L, OutboundMessageCodec.encode(WireSamples.outbound()), false);
            case "session-info" -> WireSamples.sessionInfo().encode();
            case "connect-request" -> WireSamples.connectRequest().encode();
            case "connect-decision" -> WireSamples.connectDecision().encode();
            case "connect-decision-first" -> WireSamples.firstDecision().encode();
            case "client-subscriptions" -> WireSamples.clientSubscriptions().encode();
            case "command-hand-over" -> WireSamples.handOver().encode();
            case "command-set-subscriptions" -> WireSamples.setSubscriptions().encode();
            case "command-remove" -> WireSamples.remove().encode();
            case "command-in-flight-query" -> WireSamples.inFlightQuery().encode();
            case "command-in-flight-answer" -> WireSamples.inFlightAnswer().encode();
            case "command-in-flight-unknown" -> WireSamples.inFlightUnknown().encode();
            default -> throw new IllegalArgumentException(name);
        };
    }
}
