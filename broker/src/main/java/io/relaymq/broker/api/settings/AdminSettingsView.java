package io.relaymq.broker.api.settings;

import java.util.UUID;
import tools.jackson.databind.JsonNode;

/** TBMQ's {@code AdminSettings} body, as asked for and as answered. */
public record AdminSettingsView(UUID id, Long createdTime, String key, JsonNode jsonValue) {}
