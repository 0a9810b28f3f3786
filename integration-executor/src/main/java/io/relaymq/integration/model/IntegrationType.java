package io.relaymq.integration.model;

/** Where an integration delivers the messages routed to it. */
public enum IntegrationType {
    /** An HTTP(S) endpoint: one request per message. */
    HTTP,
    /** A topic of an external Kafka cluster. */
    KAFKA,
    /** Another MQTT broker (3.1.1 or 5.0). */
    MQTT
}
