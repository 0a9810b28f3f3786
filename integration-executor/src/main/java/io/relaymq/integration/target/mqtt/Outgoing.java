package io.relaymq.integration.target.mqtt;

import io.relaymq.common.message.MessageProperties;

/**
 * One PUBLISH to the remote broker.
 *
 * @param expirySeconds the message expiry interval left, for MQTT 5; null when the message does not expire
 */
record Outgoing(
        String topic, byte[] payload, int qos, boolean retain, MessageProperties properties, Long expirySeconds) {}
