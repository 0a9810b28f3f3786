package io.relaymq.broker.api.provider;

import io.relaymq.broker.auth.AuthProviderService;
import io.relaymq.broker.auth.provider.AuthRequest;
import io.relaymq.broker.auth.provider.HttpAuthAnswer;
import io.relaymq.broker.auth.provider.HttpAuthConfig;
import io.relaymq.broker.auth.provider.HttpAuthProvider;
import io.relaymq.broker.auth.provider.HttpAuthUnavailable;
import io.relaymq.common.client.ClientType;
import io.relaymq.dao.auth.AuthProviderRow;
import io.relaymq.dao.auth.AuthProviderType;
import io.relaymq.dao.credentials.AuthRules;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Size;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /api/mqtt/auth/provider/http/check}: asks an HTTP auth endpoint about sample credentials once
 * (not cached) and tells what it answered and what a CONNECT would get. The endpoint is the one in the body's
 * {@code configuration}, or the stored one when the body has none.
 */
@RestController
@RequestMapping("/api/mqtt/auth/provider/http")
class HttpProviderCheck {

    private static final int MAX = 1024;

    /** The client the endpoint is asked about; every field optional. */
    record Sample(
            @Size(max = MAX) String clientId,
            @Size(max = MAX) String username,
            @Size(max = MAX) String password,
            @Size(max = MAX) String certificateCn,
            @Size(max = 64) String ipAddress,
            Integer protocolVersion) {}

    /** TBMQ's body (type and configuration) with the sample credentials. */
    record CheckRequest(
            AuthProviderType type,
            JsonNode configuration,
            @Valid Sample sample) {}

    /**
     * @param result     ALLOW, DENY, IGNORE (the next provider would be asked) or ERROR (no usable answer)
     * @param reasonCode the MQTT 5.0 CONNACK reason code a client would get (null: granted, or left to the next
     *                   provider)
     */
    record CheckResult(
            String result,
            Integer reasonCode,
            ClientType clientType,
            AuthRules authRules,
            String reason,
            long elapsedMs) {}

    private final AuthProviderService providers;
    private final HttpAuthProvider http;

    HttpProviderCheck(AuthProviderService providers, HttpAuthProvider http) {
        this.providers = providers;
        this.http = http;
    }

    @PostMapping("/check")
    CheckResult check(@Valid @RequestBody CheckRequest body) {
        if (body.type() != null && body.type() != AuthProviderType.HTTP) {
            throw new IllegalArgumentException("type must be HTTP");
        }
        HttpAuthConfig config = HttpAuthConfig.parse(configuration(body));
        if (config == null) {
            throw new IllegalArgumentException("no restEndpointUrl configured or given");
        }
        Sample sample = body.sample() == null ? new Sample(null, null, null, null, null, null) : body.sample();
        AuthRequest request = new AuthRequest(
                sample.clientId() == null ? "relaymq-check" : sample.clientId(),
                sample.username(),
                sample.password() == null ? null : sample.password().getBytes(StandardCharsets.UTF_8),
                sample.ipAddress() == null ? "127.0.0.1" : sample.ipAddress(),
                sample.certificateCn() != null,
                List.of(),
                sample.protocolVersion() == null ? 5 : sample.protocolVersion());
        long start = System.nanoTime();
        try {
            HttpAuthAnswer answer =
                    http.check(config, request, sample.certificateCn()).join();
            return result(answer, elapsedMs(start));
        } catch (CompletionException e) {
            if (!(e.getCause() instanceof HttpAuthUnavailable unavailable)) {
                throw e;
            }
            Integer code = config.mode() == HttpAuthConfig.FailMode.CLOSED ? 0x88 : null;
            return new CheckResult("ERROR", code, null, null, unavailable.getMessage(), elapsedMs(start));
        }
    }

    private String configuration(CheckRequest body) {
        if (body.configuration() != null && !body.configuration().isNull()) {
            if (!body.configuration().isObject()) {
                throw new IllegalArgumentException("configuration must be a JSON object");
            }
            return body.configuration().toString();
        }
        return providers.list().stream()
                .filter(r -> r.type() == AuthProviderType.HTTP)
                .map(AuthProviderRow::configuration)
                .findFirst()
                .orElse(null);
    }

    private static CheckResult result(HttpAuthAnswer answer, long elapsedMs) {
        return switch (answer.result()) {
            case ALLOW -> new CheckResult("ALLOW", null, answer.clientType(), answer.rules(), null, elapsedMs);
            case DENY ->
                new CheckResult(
                        "DENY", answer.reject().code(true).byteValue() & 0xFF, null, null, answer.reason(), elapsedMs);
            case IGNORE -> new CheckResult("IGNORE", null, null, null, "the next provider would be asked", elapsedMs);
        };
    }

    private static long elapsedMs(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }
}
