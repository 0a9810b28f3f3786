package io.relaymq.integration.target.mqtt;

import io.relaymq.integration.target.DeliveryException;
import java.util.Map;

/**
 * Says what a failure with the remote broker means.
 *
 * <ul>
 *   <li>A publish the remote refused (PUBACK or PUBREC reason code 0x80 or above) is not retryable: the remote
 *       gave its answer about this message.
 *   <li>A refused or failed connection is retryable, refused credentials included: they concern the bridge,
 *       not the message, and an operator who fixes them should not find the messages of the meantime among the
 *       dead letters.
 *   <li>A lost connection and a publish that was not acknowledged in time are retryable.
 * </ul>
 */
final class MqttFailures {

    /** Client-side Paho codes are 32000 and above; codes of the protocol are one byte. */
    private static final int PROTOCOL_MAX = 0xFF;

    private static final Map<Integer, String> REASONS = Map.ofEntries(
            Map.entry(0x80, "unspecified error"),
            Map.entry(0x83, "implementation specific error"),
            Map.entry(0x84, "unsupported protocol version"),
            Map.entry(0x85, "client identifier not valid"),
            Map.entry(0x86, "bad user name or password"),
            Map.entry(0x87, "not authorized"),
            Map.entry(0x88, "server unavailable"),
            Map.entry(0x89, "server busy"),
            Map.entry(0x8A, "banned"),
            Map.entry(0x90, "topic name invalid"),
            Map.entry(0x91, "packet identifier in use"),
            Map.entry(0x95, "packet too large"),
            Map.entry(0x97, "quota exceeded"),
            Map.entry(0x99, "payload format invalid"));

    private static final Map<Integer, String> V3_CONNACK = Map.of(
            1, "unacceptable protocol version",
            2, "identifier rejected",
            3, "server unavailable",
            4, "bad user name or password",
            5, "not authorized");

    private MqttFailures() {}

    static boolean isRefusal(int reasonCode) {
        return reasonCode >= 0x80 && reasonCode <= PROTOCOL_MAX;
    }

    static DeliveryException refused(String topic, int reasonCode) {
        return new DeliveryException(
                "the remote broker refused the message for " + topic + ": " + describe(reasonCode, REASONS), false);
    }

    static DeliveryException connectFailed(String uri, int reasonCode, boolean v3, Exception cause) {
        String reason = reasonCode > 0 && reasonCode <= PROTOCOL_MAX
                ? "refused the connection: " + describe(reasonCode, v3 ? V3_CONNACK : REASONS)
                : "could not be reached: " + cause.getMessage();
        return new DeliveryException("the remote broker " + uri + " " + reason, true, cause);
    }

    static DeliveryException publishFailed(String topic, int reasonCode, Exception cause) {
        if (isRefusal(reasonCode)) {
            return new DeliveryException(refused(topic, reasonCode).getMessage(), false, cause);
        }
        return new DeliveryException(
                "publishing to " + topic + " failed: " + cause.getMessage() + " (Paho code " + reasonCode + ")",
                true,
                cause);
    }

    private static String describe(int code, Map<Integer, String> names) {
        return names.getOrDefault(code, "reason code") + " (0x" + Integer.toHexString(code) + ")";
    }
}
