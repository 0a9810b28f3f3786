package io.relaymq.broker.api.security;

import java.util.UUID;

/** The admin user a request acts for, as the verified token says. */
public record ApiPrincipal(UUID userId, String email, String authority) {
}
