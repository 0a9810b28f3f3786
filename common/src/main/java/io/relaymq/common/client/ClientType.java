package io.relaymq.common.client;

/**
 * What kind of MQTT client a connection is, decided by its credentials. DEVICE clients publish often
 * and subscribe to little; their persistent sessions keep messages in Redis. APPLICATION clients
 * subscribe to a lot and must not lose data; each persistent one owns a Kafka topic.
 */
public enum ClientType {
    DEVICE,
    APPLICATION
}
