package io.relaymq.dao.admin;

import java.util.UUID;

/**
 * One row of {@code admin_settings}: a cluster-wide setting.
 *
 * @param jsonValue the value as JSON text
 */
public record AdminSettingsRow(UUID id, long createdTime, String key, String jsonValue) {}
