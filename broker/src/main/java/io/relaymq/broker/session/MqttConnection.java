package io.relaymq.broker.session;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttMessageBuilders;
import io.netty.handler.codec.mqtt.MqttProperties;
import io.netty.handler.codec.mqtt.MqttVersion;
import io.relaymq.broker.auth.acl.ClientGrant;
import io.relaymq.broker.mqtt.ClientAddresses;
import io.relaymq.common.message.PublishedMessage;
import java.util.HashMap;
import java.util.Map;

/**
 * One network connection of an MQTT client, from CONNECT to close: what the client negotiated and the
 * per-connection state (topic aliases, inbound acknowledgements). After CONNECT it is used only on its
 * session's thread.
 */
public final class MqttConnection {

    private final Channel channel;
    /** Set by {@link #close}, which may run on another thread than the session's. */
    private volatile boolean closing;

    private final MqttVersion version;
    private final String clientId;
    private final int clientReceiveMaximum;
    private final long clientMaxPacketSize;
    /** Created on first use: only 5.0 clients that use topic aliases need them. */
    private Map<Integer, String> inboundAliases;

    private Map<String, Integer> outboundAliases;
    private final int clientTopicAliasMaximum;
    private final AckSequencer acks = new AckSequencer();
    private PublishedMessage will;
    private long willDelaySeconds;
    private boolean disconnectedByClient;
    private int clientReasonCode;
    /** The reason the broker closed with ({@link #close}), or -1; written before the close, read after it. */
    private volatile int closeReasonCode = -1;

    private volatile boolean networkError;
    private boolean announced;
    private int keepAliveSeconds;
    private volatile String sessionId = "";
    private volatile ClientGrant grant = ClientGrant.anonymous();
    private volatile String authenticationMethod;
    private byte[] connAckAuthenticationData;

    public MqttConnection(
            Channel channel,
            MqttVersion version,
            String clientId,
            int clientReceiveMaximum,
            long clientMaxPacketSize,
            int clientTopicAliasMaximum) {
        this.channel = channel;
        this.version = version;
        this.clientId = clientId;
        this.clientReceiveMaximum = clientReceiveMaximum;
        this.clientMaxPacketSize = clientMaxPacketSize;
        this.clientTopicAliasMaximum = clientTopicAliasMaximum;
    }

    /**
     * The topic alias to send {@code topic} with (5.0), or 0 for none. The first use of a topic takes a
     * free alias and the topic name goes out with it; later uses send the alias with an empty topic
     * (MQTT 5.0 §3.3.2.3.4). Aliases are not reassigned once the client's maximum is used up.
     */
    public OutboundAlias aliasFor(String topic) {
        if (clientTopicAliasMaximum <= 0) {
            return OutboundAlias.NONE;
        }
        if (outboundAliases == null) {
            outboundAliases = new HashMap<>();
        }
        Integer known = outboundAliases.get(topic);
        if (known != null) {
            return new OutboundAlias(known, false);
        }
        if (outboundAliases.size() < clientTopicAliasMaximum) {
            int alias = outboundAliases.size() + 1;
            outboundAliases.put(topic, alias);
            return new OutboundAlias(alias, true);
        }
        return OutboundAlias.NONE;
    }

    /**
     * @param alias     the alias (0 = none)
     * @param withTopic send the topic name too (first use of the alias, or no alias)
     */
    public record OutboundAlias(int alias, boolean withTopic) {
        public static final OutboundAlias NONE = new OutboundAlias(0, true);
    }

    /** Who the client authenticated as and what it may touch. */
    public ClientGrant grant() {
        return grant;
    }

    /**
     * The connection authenticated with enhanced authentication: its method (5.0 Authentication Method) and
     * the data its CONNACK carries back (null for none).
     */
    public void setAuthentication(String method, byte[] connAckData) {
        this.authenticationMethod = method;
        this.connAckAuthenticationData = connAckData;
    }

    /** The Authentication Method the connection authenticated with, or null without enhanced authentication. */
    public String authenticationMethod() {
        return authenticationMethod;
    }

    /** The Authentication Data for CONNACK, or null. */
    public byte[] connAckAuthenticationData() {
        return connAckAuthenticationData;
    }

    public void setGrant(ClientGrant grant) {
        this.grant = grant;
    }

    public Channel channel() {
        return channel;
    }

    public MqttVersion version() {
        return version;
    }

    public boolean isV5() {
        return version == MqttVersion.MQTT_5;
    }

    public String clientId() {
        return clientId;
    }

    public int clientReceiveMaximum() {
        return clientReceiveMaximum;
    }

    public long clientMaxPacketSize() {
        return clientMaxPacketSize;
    }

    /** The keep alive in force (the client's, or the Server Keep Alive the broker imposed). */
    public int keepAliveSeconds() {
        return keepAliveSeconds;
    }

    public void setKeepAliveSeconds(int seconds) {
        this.keepAliveSeconds = seconds;
    }

    /** The random id this connection was given when its CONNECT was accepted (the API's {@code sessionId}). */
    public String sessionId() {
        return sessionId;
    }

    public void setSessionId(String sessionId) {
        this.sessionId = sessionId;
    }

    public Map<Integer, String> inboundAliases() {
        if (inboundAliases == null) {
            inboundAliases = new HashMap<>();
        }
        return inboundAliases;
    }

    public AckSequencer acks() {
        return acks;
    }

    /**
     * True once the broker decided to close this connection: packets the client sent before it learnt that are
     * not acted on (nor logged again).
     */
    public boolean isClosing() {
        return closing;
    }

    public boolean isActive() {
        return channel.isActive();
    }

    public boolean isWritable() {
        return channel.isWritable();
    }

    public void setWill(PublishedMessage will, long delaySeconds) {
        this.will = will;
        this.willDelaySeconds = delaySeconds;
    }

    public PublishedMessage will() {
        return will;
    }

    public long willDelaySeconds() {
        return willDelaySeconds;
    }

    /** The client ended the connection with DISCONNECT; {@code keepWill} for 5.0 reason 0x04. */
    public void markDisconnectedByClient(boolean keepWill) {
        markDisconnectedByClient(keepWill, 0);
    }

    /** Like {@link #markDisconnectedByClient(boolean)}, with the reason code of the client's DISCONNECT (3.x: 0). */
    public void markDisconnectedByClient(boolean keepWill, int reasonCode) {
        disconnectedByClient = true;
        clientReasonCode = reasonCode;
        if (!keepWill) {
            will = null;
        }
    }

    public boolean disconnectedByClient() {
        return disconnectedByClient;
    }

    /** The reason code of the client's DISCONNECT (0 for 3.x or when it sent none). */
    public int clientReasonCode() {
        return clientReasonCode;
    }

    /** The reason the broker closed the connection with (sent to 5.0 clients in DISCONNECT), or -1 when it did not. */
    public int closeReasonCode() {
        return closeReasonCode;
    }

    /** The network failed under the connection (an I/O error, not an orderly close). */
    public void markNetworkError() {
        networkError = true;
    }

    public boolean networkError() {
        return networkError;
    }

    /** CONNACK accepted the connection and its CONNECTED event went out: its end is told too. */
    public void markAnnounced() {
        announced = true;
    }

    public boolean announced() {
        return announced;
    }

    public void send(MqttMessage message) {
        channel.writeAndFlush(message, channel.voidPromise());
    }

    /** Closes the connection; a 5.0 client is first told why with a DISCONNECT ([MQTT-4.13.1-1]). */
    public void close(byte reasonCode) {
        if (!channel.isActive() || closing) {
            return;
        }
        closing = true;
        closeReasonCode = Byte.toUnsignedInt(reasonCode);
        if (isV5()) {
            MqttMessage disconnect = MqttMessageBuilders.disconnect()
                    .reasonCode(reasonCode)
                    .properties(MqttProperties.NO_PROPERTIES)
                    .build();
            channel.writeAndFlush(disconnect).addListener(ChannelFutureListener.CLOSE);
        } else {
            channel.close();
        }
    }

    @Override
    public String toString() {
        return "[" + clientId + "] " + ClientAddresses.of(channel);
    }
}
