package io.relaymq.dao.auth;

/** One provider's switch and JSON configuration. */
public record AuthProviderRow(AuthProviderType type, boolean enabled, String configuration) {}
