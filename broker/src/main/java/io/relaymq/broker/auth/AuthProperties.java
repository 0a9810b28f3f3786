package io.relaymq.broker.auth;

import io.relaymq.dao.auth.AuthProviderType;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * {@code relaymq.auth.*}: how MQTT clients are authenticated and what is cached.
 *
 * @param allowAnonymous       accept clients that no enabled provider recognises (DEVICE, may do anything)
 * @param anonymousApplicationClientIds regex: anonymous clients with a matching client id are APPLICATION clients
 * @param threads              threads that check credentials (bcrypt, PostgreSQL) off the network threads
 * @param credentialsCacheTtl  how long a credentials lookup is reused (changes invalidate it on every node at once)
 * @param passwordCacheTtl     how long a verified (or refused) password is remembered, so reconnects skip bcrypt
 * @param passwordCacheSize    at most this many remembered password checks
 * @param unauthorizedTtl      refused connection attempts are kept this long
 * @param unauthorizedMaxEntries at most this many refused clients are kept (the newest)
 * @param changesTopic         compacted Kafka topic that tells every node about credential and provider changes
 * @param blockedTopic         compacted Kafka topic with the blocked clients
 * @param blockedTtl           an expired block is still listed this long, then removed from every node
 * @param blockedCleanupInterval how often each node looks for such blocks
 * @param providerOrder        the order the enabled providers are asked in: every provider type once
 */
@Validated
@ConfigurationProperties("relaymq.auth")
public record AuthProperties(
        boolean allowAnonymous,
        String anonymousApplicationClientIds,
        @Min(1) int threads,
        @NotNull Duration credentialsCacheTtl,
        @NotNull Duration passwordCacheTtl,
        @Min(1) long passwordCacheSize,
        @NotNull Duration unauthorizedTtl,
        @Min(1) int unauthorizedMaxEntries,
        @NotBlank String changesTopic,
        @NotBlank String blockedTopic,
        @NotNull Duration blockedTtl,
        @NotNull Duration blockedCleanupInterval,
        @NotEmpty List<AuthProviderType> providerOrder) {}
