package io.relaymq.broker.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.relaymq.broker.auth.acl.AclRules;
import io.relaymq.broker.auth.acl.ClientGrant;
import io.relaymq.broker.auth.acl.PlaceholderValues;
import io.relaymq.broker.session.ClientEvents;
import io.relaymq.broker.session.MqttConnection;
import io.relaymq.common.client.ClientType;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The JSON of each event type: the common fields first, then those of the type, never a credential. */
class LifecycleEventsTest {

    private static final long NOW = 1_764_240_000_000L;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final List<ClientEvent> sent = new ArrayList<>();
    private final LifecycleEvents events =
            new LifecycleEvents("node-a", Clock.fixed(Instant.ofEpochMilli(NOW), ZoneOffset.UTC), sent::add, () -> {});

    private static MqttConnection connection(String clientId, MqttVersion version) {
        MqttConnection connection = new MqttConnection(new EmbeddedChannel(), version, clientId, 10, 1000, 0);
        connection.setKeepAliveSeconds(30);
        connection.setSessionId("s-1");
        connection.setGrant(new ClientGrant(
                ClientType.APPLICATION,
                "username|alice",
                null,
                "MQTT_BASIC",
                null,
                new PlaceholderValues(clientId, "alice", null),
                AclRules.ALLOW_ALL));
        return connection;
    }

    private JsonNode only(EventType type) {
        List<ClientEvent> ofType = sent.stream().filter(e -> e.type() == type).toList();
        assertThat(ofType).hasSize(1);
        JsonNode json = JSON.readTree(ofType.get(0).json());
        assertThat(json.get("type").asString()).isEqualTo(type.name());
        assertThat(json.get("node").asString()).isEqualTo("node-a");
        assertThat(json.get("timestamp").asLong()).isEqualTo(NOW);
        return json;
    }

    @Test
    void aNewSessionIsCreatedThenConnected() {
        events.connected(connection("c1", MqttVersion.MQTT_5), "alice", true, 3600, false);

        assertThat(sent).extracting(ClientEvent::type).containsExactly(EventType.SESSION_CREATED, EventType.CONNECTED);
        JsonNode created = only(EventType.SESSION_CREATED);
        assertThat(created.get("clientId").asString()).isEqualTo("c1");
        assertThat(created.get("clientType").asString()).isEqualTo("APPLICATION");
        assertThat(created.get("sessionExpiry").asLong()).isEqualTo(3600);
        JsonNode connected = only(EventType.CONNECTED);
        assertThat(connected.get("userName").asString()).isEqualTo("alice");
        assertThat(connected.get("principal").asString()).isEqualTo("MQTT_BASIC:username|alice");
        assertThat(connected.get("protocolVersion").asString()).isEqualTo("5");
        assertThat(connected.get("cleanStart").asBoolean()).isTrue();
        assertThat(connected.get("keepAlive").asInt()).isEqualTo(30);
        assertThat(connected.get("sessionExpiry").asLong()).isEqualTo(3600);
        assertThat(connected.get("clientType").asString()).isEqualTo("APPLICATION");
        assertThat(connected.get("sessionPresent").asBoolean()).isFalse();
        assertThat(connected.get("sessionId").asString()).isEqualTo("s-1");
        assertThat(connected.has("address")).isTrue();
        assertThat(fieldNames(connected).subList(0, 4)).containsExactly("type", "clientId", "node", "timestamp");
    }

    @Test
    void aResumedSessionIsOnlyConnected() {
        events.connected(connection("c1", MqttVersion.MQTT_3_1_1), null, false, 60, true);

        JsonNode connected = only(EventType.CONNECTED);
        assertThat(sent).hasSize(1);
        assertThat(connected.get("sessionPresent").asBoolean()).isTrue();
        assertThat(connected.get("protocolVersion").asString()).isEqualTo("3.1.1");
        // an absent value is left out, not written as null
        assertThat(connected.has("userName")).isFalse();
    }

    @Test
    void aDisconnectNamesItsCauseAndCode() {
        MqttConnection byClient = connection("c1", MqttVersion.MQTT_5);
        byClient.markDisconnectedByClient(false, 0x04);
        events.disconnected(byClient);

        JsonNode json = only(EventType.DISCONNECTED);
        assertThat(json.get("reason").asString()).isEqualTo(DisconnectCause.CLIENT_DISCONNECT);
        assertThat(json.get("reasonCode").asInt()).isEqualTo(4);
        assertThat(json.get("sessionId").asString()).isEqualTo("s-1");
    }

    @Test
    void aNetworkCloseHasNoReasonCode() {
        events.disconnected(connection("c1", MqttVersion.MQTT_5));

        JsonNode json = only(EventType.DISCONNECTED);
        assertThat(json.get("reason").asString()).isEqualTo(DisconnectCause.NETWORK_CLOSED);
        assertThat(json.has("reasonCode")).isFalse();
    }

    @Test
    void aSessionEndSaysWhy() {
        events.sessionEnded("c1", ClientEvents.SessionEnd.EXPIRED);

        assertThat(only(EventType.SESSION_ENDED).get("reason").asString()).isEqualTo("EXPIRED");
    }

    @Test
    void subscriptionsListEachFilterWithItsReasonCode() {
        events.subscribed(connection("c1", MqttVersion.MQTT_5), List.of("a/+", "secret/#"), List.of(1, 0x87));
        events.unsubscribed(connection("c1", MqttVersion.MQTT_5), List.of("a/+"), List.of(0));

        JsonNode subscribed = only(EventType.SUBSCRIBED).get("subscriptions");
        assertThat(subscribed).hasSize(2);
        assertThat(subscribed.get(0).get("filter").asString()).isEqualTo("a/+");
        assertThat(subscribed.get(0).get("reasonCode").asInt()).isEqualTo(1);
        assertThat(subscribed.get(1).get("filter").asString()).isEqualTo("secret/#");
        assertThat(subscribed.get(1).get("reasonCode").asInt()).isEqualTo(0x87);
        JsonNode unsubscribed = only(EventType.UNSUBSCRIBED).get("subscriptions");
        assertThat(unsubscribed.get(0).get("reasonCode").asInt()).isZero();
    }

    @Test
    void aHugeSubscribeListsABoundedNumberOfFilters() {
        int many = LifecycleEvents.MAX_FILTERS + 7;
        events.subscribed(
                connection("c1", MqttVersion.MQTT_5), Collections.nCopies(many, "t"), Collections.nCopies(many, 0));

        JsonNode json = only(EventType.SUBSCRIBED);
        assertThat(json.get("subscriptions")).hasSize(LifecycleEvents.MAX_FILTERS);
        assertThat(json.get("moreFilters").asInt()).isEqualTo(7);
    }

    @Test
    void anOverlongFilterIsCut() {
        events.subscribed(connection("c1", MqttVersion.MQTT_5), List.of("f".repeat(60_000)), List.of(0x8F));

        JsonNode filter = only(EventType.SUBSCRIBED).get("subscriptions").get(0);
        assertThat(filter.get("filter").asString()).hasSize(LifecycleEvents.MAX_FILTER_LENGTH);
        assertThat(filter.get("reasonCode").asInt()).isEqualTo(0x8F);
    }

    @Test
    void aFailedAuthenticationCarriesTheUserNameAndCodeOnly() {
        events.authFailed("c2", "mallory", new InetSocketAddress("10.0.0.7", 41000), MqttVersion.MQTT_5, 0x86);

        JsonNode json = only(EventType.AUTH_FAILED);
        assertThat(json.get("clientId").asString()).isEqualTo("c2");
        assertThat(json.get("userName").asString()).isEqualTo("mallory");
        assertThat(json.get("address").asString()).isEqualTo("10.0.0.7:41000");
        assertThat(json.get("reasonCode").asInt()).isEqualTo(0x86);
        assertThat(fieldNames(json))
                .containsExactly(
                        "type",
                        "clientId",
                        "node",
                        "timestamp",
                        "userName",
                        "address",
                        "protocolVersion",
                        "reasonCode");
    }

    @Test
    void anOverlongUserNameIsCut() {
        events.authFailed("c2", "u".repeat(10_000), null, MqttVersion.MQTT_3_1_1, 4);

        JsonNode json = only(EventType.AUTH_FAILED);
        assertThat(json.get("userName").asString()).hasSize(LifecycleEvents.MAX_USER_NAME);
        assertThat(new String(sent.get(0).json(), StandardCharsets.UTF_8)).hasSizeLessThan(1000);
    }

    private static List<String> fieldNames(JsonNode json) {
        List<String> names = new ArrayList<>();
        json.propertyNames().forEach(names::add);
        return names;
    }
}
