package io.relaymq.broker.connect;

import io.netty.handler.codec.mqtt.MqttMessage;
import io.netty.handler.codec.mqtt.MqttProperties;
import io.netty.handler.codec.mqtt.MqttReasonCodeAndPropertiesVariableHeader;
import io.netty.handler.codec.mqtt.MqttReasonCodes;
import io.relaymq.broker.mqtt.MqttProps;
import io.relaymq.broker.mqtt.MqttSettings;
import io.relaymq.broker.session.ClientSession;
import io.relaymq.broker.session.MqttConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * DISCONNECT from a client: the will is discarded ([MQTT-3.1.2-10]) unless a 5.0 client asks for it
 * with reason 0x04; a 5.0 client may change its session expiry, but not from 0 to more
 * ([MQTT-3.14.2-2]). Runs on the session's thread.
 */
public final class DisconnectHandler {

    private static final Logger log = LoggerFactory.getLogger(DisconnectHandler.class);
    private static final int DISCONNECT_WITH_WILL =
            Byte.toUnsignedInt(MqttReasonCodes.Disconnect.DISCONNECT_WITH_WILL_MESSAGE.byteValue());

    private final MqttSettings settings;

    public DisconnectHandler(MqttSettings settings) {
        this.settings = settings;
    }

    public void handle(MqttConnection connection, ClientSession session, MqttMessage disconnect) {
        int reason = 0;
        if (connection.isV5()
                && disconnect.variableHeader() instanceof MqttReasonCodeAndPropertiesVariableHeader header) {
            reason = header.reasonCode() & 0xFF;
            Long expiry = MqttProps.unsigned(header.properties(), MqttProperties.SESSION_EXPIRY_INTERVAL);
            if (expiry != null) {
                if (session.expirySeconds() == 0 && expiry > 0) {
                    log.info("{} disconnected: session expiry changed from 0 on DISCONNECT", connection);
                    connection.close(MqttReasonCodes.Disconnect.PROTOCOL_ERROR.byteValue());
                    return;
                }
                session.setExpirySeconds(
                        Math.min(expiry, settings.maxSessionExpiry().toSeconds()));
            }
        }
        connection.markDisconnectedByClient(reason == DISCONNECT_WITH_WILL, reason);
        connection.channel().close();
    }
}
