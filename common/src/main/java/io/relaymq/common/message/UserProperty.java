package io.relaymq.common.message;

/** One MQTT 5 user property: a UTF-8 name/value pair; order and duplicates are kept. */
public record UserProperty(String name, String value) {}
