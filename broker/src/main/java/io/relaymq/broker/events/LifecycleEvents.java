package io.relaymq.broker.events;

import io.netty.handler.codec.mqtt.MqttVersion;
import io.relaymq.broker.mqtt.ClientAddresses;
import io.relaymq.broker.session.ClientEvents;
import io.relaymq.broker.session.MqttConnection;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Makes the events the engine tells of into {@link ClientEvent}s and hands them on without waiting. What a client
 * chose (its user name, its filters) is cut to a bound, so an event stays small whatever the client sent.
 */
final class LifecycleEvents implements ClientEvents, AutoCloseable {

    /** The longest user name an event carries, in characters (longer ones are cut). */
    static final int MAX_USER_NAME = 256;

    /** The longest topic filter an event carries, in characters (longer ones are cut). */
    static final int MAX_FILTER_LENGTH = 1024;

    /** The most filters one SUBSCRIBED or UNSUBSCRIBED event lists; {@code moreFilters} counts the rest. */
    static final int MAX_FILTERS = 100;

    private final String node;
    private final Clock clock;
    private final Consumer<ClientEvent> feed;
    private final AutoCloseable onClose;

    LifecycleEvents(String node, Clock clock, Consumer<ClientEvent> feed, AutoCloseable onClose) {
        this.node = node;
        this.clock = clock;
        this.feed = feed;
        this.onClose = onClose;
    }

    @Override
    public void connected(
            MqttConnection connection,
            String userName,
            boolean cleanStart,
            long sessionExpirySeconds,
            boolean resumed) {
        String clientType = connection.grant().clientType().name();
        if (!resumed) {
            Map<String, Object> created = new LinkedHashMap<>();
            created.put("clientType", clientType);
            created.put("sessionExpiry", sessionExpirySeconds);
            emit(EventType.SESSION_CREATED, connection.clientId(), created);
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("userName", bounded(userName));
        details.put("principal", connection.grant().principal());
        details.put("address", address(ClientAddresses.of(connection.channel())));
        details.put("protocolVersion", version(connection.version()));
        details.put("cleanStart", cleanStart);
        details.put("keepAlive", connection.keepAliveSeconds());
        details.put("sessionExpiry", sessionExpirySeconds);
        details.put("clientType", clientType);
        details.put("sessionPresent", resumed);
        details.put("sessionId", connection.sessionId());
        emit(EventType.CONNECTED, connection.clientId(), details);
    }

    @Override
    public void disconnected(MqttConnection closed) {
        DisconnectCause cause = DisconnectCause.of(closed);
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("reason", cause.reason());
        details.put("reasonCode", cause.reasonCode());
        details.put("sessionId", closed.sessionId());
        emit(EventType.DISCONNECTED, closed.clientId(), details);
    }

    @Override
    public void sessionEnded(String clientId, SessionEnd why) {
        emit(EventType.SESSION_ENDED, clientId, Map.of("reason", why.name()));
    }

    @Override
    public void subscribed(MqttConnection connection, List<String> filters, List<Integer> reasonCodes) {
        emit(EventType.SUBSCRIBED, connection.clientId(), filters(filters, reasonCodes));
    }

    @Override
    public void unsubscribed(MqttConnection connection, List<String> filters, List<Integer> reasonCodes) {
        emit(EventType.UNSUBSCRIBED, connection.clientId(), filters(filters, reasonCodes));
    }

    @Override
    public void authFailed(
            String clientId, String userName, SocketAddress address, MqttVersion version, int connAckReason) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("userName", bounded(userName));
        details.put("address", address(address));
        details.put("protocolVersion", version(version));
        details.put("reasonCode", connAckReason < 0 ? null : connAckReason);
        emit(EventType.AUTH_FAILED, clientId, details);
    }

    private void emit(EventType type, String clientId, Map<String, Object> details) {
        feed.accept(new ClientEvent(type, clientId, node, clock.millis(), details));
    }

    private static Map<String, Object> filters(List<String> filters, List<Integer> reasonCodes) {
        List<Map<String, Object>> listed = new ArrayList<>();
        int count = Math.min(Math.min(filters.size(), reasonCodes.size()), MAX_FILTERS);
        for (int i = 0; i < count; i++) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("filter", cut(filters.get(i), MAX_FILTER_LENGTH));
            one.put("reasonCode", reasonCodes.get(i));
            listed.add(one);
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("subscriptions", listed);
        int more = Math.min(filters.size(), reasonCodes.size()) - count;
        details.put("moreFilters", more > 0 ? more : null);
        return details;
    }

    private static String bounded(String userName) {
        return cut(userName, MAX_USER_NAME);
    }

    private static String cut(String text, int most) {
        return text == null || text.length() <= most ? text : text.substring(0, most);
    }

    /** "host:port" (IPv6 in brackets), from the PROXY protocol or forwarded address when there is one. */
    static String address(SocketAddress address) {
        if (address instanceof InetSocketAddress inet && inet.getAddress() != null) {
            String host = inet.getAddress().getHostAddress();
            return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + inet.getPort();
        }
        return address == null ? null : String.valueOf(address);
    }

    /** {@code 3.1}, {@code 3.1.1} or {@code 5}. */
    static String version(MqttVersion version) {
        return switch (version) {
            case MQTT_3_1 -> "3.1";
            case MQTT_3_1_1 -> "3.1.1";
            case MQTT_5 -> "5";
        };
    }

    @Override
    public void close() throws Exception {
        onClose.close();
    }
}
