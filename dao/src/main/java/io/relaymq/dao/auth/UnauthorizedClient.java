package io.relaymq.dao.auth;

/** A refused connection attempt, the latest one per client id. */
public record UnauthorizedClient(
        String clientId,
        String ipAddress,
        long ts,
        String username,
        boolean passwordProvided,
        boolean tlsUsed,
        String reason) {}
