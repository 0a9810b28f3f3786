package io.relaymq.broker.api;

import java.util.UUID;

/**
 * The admin user a request acts for, as the verified token says.
 *
 * @param tokenVersion the user's token version the token was issued for
 */
public record ApiPrincipal(UUID userId, String email, String authority, long tokenVersion) {}
