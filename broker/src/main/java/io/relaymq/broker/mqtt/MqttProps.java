package io.relaymq.broker.mqtt;

import io.netty.handler.codec.mqtt.MqttProperties;
import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.UserProperty;
import java.util.ArrayList;
import java.util.List;

/** Typed reads of MQTT 5 properties from Netty's property bag. */
public final class MqttProps {

    private MqttProps() {}

    public static Integer integer(MqttProperties props, int id) {
        MqttProperties.MqttProperty<?> p = props.getProperty(id);
        return p == null ? null : (Integer) p.value();
    }

    public static String string(MqttProperties props, int id) {
        MqttProperties.MqttProperty<?> p = props.getProperty(id);
        return p == null ? null : (String) p.value();
    }

    public static byte[] binary(MqttProperties props, int id) {
        MqttProperties.MqttProperty<?> p = props.getProperty(id);
        return p == null ? null : (byte[]) p.value();
    }

    public static boolean has(MqttProperties props, int id) {
        return props.getProperty(id) != null;
    }

    /** Four-byte integers are unsigned on the wire; Netty hands them over as signed ints. */
    public static Long unsigned(MqttProperties props, int id) {
        Integer value = integer(props, id);
        return value == null ? null : Integer.toUnsignedLong(value);
    }

    /** The properties of a PUBLISH (or will) that are forwarded to subscribers. */
    public static MessageProperties forwarded(MqttProperties props) {
        if (props == null || props.isEmpty()) {
            return MessageProperties.NONE;
        }
        List<UserProperty> user = new ArrayList<>();
        for (MqttProperties.MqttProperty<?> p : props.getProperties(MqttProperties.USER_PROPERTY)) {
            if (p instanceof MqttProperties.UserProperty up) {
                user.add(new UserProperty(up.value().key, up.value().value));
            } else if (p instanceof MqttProperties.UserProperties ups) {
                ups.value().forEach(pair -> user.add(new UserProperty(pair.key, pair.value)));
            }
        }
        return new MessageProperties(
                integer(props, MqttProperties.PAYLOAD_FORMAT_INDICATOR),
                unsigned(props, MqttProperties.PUBLICATION_EXPIRY_INTERVAL),
                string(props, MqttProperties.CONTENT_TYPE),
                string(props, MqttProperties.RESPONSE_TOPIC),
                binary(props, MqttProperties.CORRELATION_DATA),
                user);
    }
}
