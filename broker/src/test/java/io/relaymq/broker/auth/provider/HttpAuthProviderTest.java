package io.relaymq.broker.auth.provider;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.relaymq.broker.auth.lanes.AuthBackoff;
import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.common.client.ClientType;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The HTTP provider against an HTTP server in the test: answers, caching, caps and the fail modes. */
class HttpAuthProviderTest {

    private final ExecutorService threads = Executors.newFixedThreadPool(2);
    private final ExecutorService serverThreads = Executors.newCachedThreadPool();
    private final AtomicInteger calls = new AtomicInteger();
    private final AtomicReference<String> answer = new AtomicReference<>("{\"result\":\"ALLOW\"}");
    private final CountDownLatch release = new CountDownLatch(1);
    private volatile boolean hang;
    private HttpServer server;
    /** Two refusals per user name, five per address, then held back. */
    private final AuthBackoff backoff = new AuthBackoff(5, 2, Duration.ofMinutes(5), System::nanoTime);

    private HttpAuthProvider provider;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/check", this::handle);
        server.setExecutor(serverThreads);
        server.start();
        provider = new HttpAuthProvider(1024, threads, backoff);
    }

    @AfterEach
    void stop() {
        release.countDown();
        server.stop(0);
        serverThreads.shutdownNow();
        threads.shutdownNow();
    }

    private void handle(HttpExchange exchange) throws IOException {
        calls.incrementAndGet();
        exchange.getRequestBody().readAllBytes();
        if (hang) {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        byte[] body = answer.get().getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private void configure(String fields) {
        provider.configure(
                "{\"restEndpointUrl\":\"http://127.0.0.1:" + server.getAddress().getPort() + "/check\"" + fields + "}");
    }

    private static AuthRequest request(String clientId, String password) {
        return new AuthRequest(
                clientId, "user", password.getBytes(StandardCharsets.UTF_8), "127.0.0.1", false, List.of(), 5);
    }

    private Optional<AuthOutcome> ask(String clientId, String password) {
        return provider.authenticateLater(request(clientId, password)).join();
    }

    @Test
    void unconfiguredItKnowsNoClient() {
        provider.configure("{}");
        assertThat(ask("c", "p")).isEmpty();
        assertThat(calls).hasValue(0);
    }

    @Test
    void anAllowGrantsWithTheAnswersRulesExpandedForTheClient() {
        answer.set("{\"result\":\"ALLOW\",\"clientType\":\"APPLICATION\",\"authRules\":{\"pubAuthRulePatterns\":"
                + "[\"devices/${clientId}/.*\"],\"subAuthRulePatterns\":[]}}");
        configure("");
        AuthOutcome outcome = ask("dev-1", "p").orElseThrow();
        assertThat(outcome.isGranted()).isTrue();
        assertThat(outcome.grant().method()).isEqualTo("HTTP");
        assertThat(outcome.grant().clientType()).isEqualTo(ClientType.APPLICATION);
        assertThat(outcome.grant().mayPublish("devices/dev-1/up")).isTrue();
        assertThat(outcome.grant().mayPublish("devices/dev-2/up")).isFalse();
        assertThat(outcome.grant().maySubscribe("devices/dev-1/up")).isFalse();
    }

    /**
     * Session ownership: the principal the answer names, else the user name, else the certificate CN, each kept
     * apart by a prefix (a user name cannot pose as a principal the endpoint named).
     */
    @Test
    void anAdmittedClientsPrincipalIsTheAnswersOrItsUserName() {
        configure("");
        assertThat(ask("dev-1", "p").orElseThrow().grant().principal()).isEqualTo("HTTP:user:user");
        AuthRequest posing = new AuthRequest(
                "dev-3", "principal:x", "p".getBytes(StandardCharsets.UTF_8), "127.0.0.1", false, List.of(), 5);
        assertThat(provider.authenticateLater(posing)
                        .join()
                        .orElseThrow()
                        .grant()
                        .principal())
                .isEqualTo("HTTP:user:principal:x");
        answer.set("{\"result\":\"ALLOW\",\"principal\":\"x\"}");
        assertThat(ask("dev-2", "p").orElseThrow().grant().principal()).isEqualTo("HTTP:principal:x");
    }

    /** Refusals count like wrong passwords: after the credentials' limit, attempts are held back without a call. */
    @Test
    void repeatedRefusalsForOneUserNameAreBackedOffWithoutAskingTheEndpoint() {
        answer.set("{\"result\":\"DENY\"}");
        configure(",\"cacheTtlMs\":0");
        assertThat(ask("c", "guess-1").orElseThrow().reject()).isEqualTo(ConnectReject.NOT_AUTHORIZED);
        assertThat(ask("c", "guess-2").orElseThrow().reject()).isEqualTo(ConnectReject.NOT_AUTHORIZED);
        assertThat(ask("c", "guess-3").orElseThrow().reject()).isEqualTo(ConnectReject.CONNECTION_RATE_EXCEEDED);
        assertThat(calls).hasValue(2);
    }

    /** A password that is not UTF-8 text could only be sent altered: the next provider decides. */
    @Test
    void aBinaryPasswordIsLeftToTheNextProvider() {
        configure("");
        AuthRequest binary =
                new AuthRequest("c", "u", new byte[] {(byte) 0xc3, 0x28}, "127.0.0.1", false, List.of(), 5);
        assertThat(provider.authenticateLater(binary).join()).isEmpty();
        assertThat(calls).hasValue(0);
    }

    @Test
    void answersAreCachedPerRequestAndIgnoreLeavesTheClientToTheNextProvider() {
        answer.set("{\"result\":\"IGNORE\"}");
        configure("");
        assertThat(ask("c", "p")).isEmpty();
        assertThat(ask("c", "p")).isEmpty();
        assertThat(calls).hasValue(1);
        assertThat(ask("c", "other")).isEmpty();
        assertThat(calls).hasValue(2);
        // the same configuration again keeps the cache; a changed one starts afresh
        configure("");
        assertThat(ask("c", "p")).isEmpty();
        assertThat(calls).hasValue(2);
        configure(",\"cacheTtlMs\":0");
        ask("c", "p");
        ask("c", "p");
        assertThat(calls).hasValue(4);
    }

    @Test
    void aTooLargeOrUnreadableAnswerFailsClosedAsServerUnavailable() {
        answer.set("{\"result\":\"ALLOW\",\"pad\":\"" + "x".repeat(2000) + "\"}");
        configure("");
        AuthOutcome outcome = ask("c", "p").orElseThrow();
        assertThat(outcome.reject()).isEqualTo(ConnectReject.SERVER_UNAVAILABLE);
        assertThat(outcome.reason()).contains("larger than 1024");
        answer.set("nonsense");
        assertThat(ask("c", "p2").orElseThrow().reject()).isEqualTo(ConnectReject.SERVER_UNAVAILABLE);
    }

    @Test
    void aDownEndpointIsLeftToTheNextProviderWhenFailOpenAndNothingIsCached() {
        answer.set("nonsense");
        configure(",\"failMode\":\"OPEN\"");
        assertThat(ask("c", "p")).isEmpty();
        assertThat(ask("c", "p")).isEmpty();
        assertThat(calls).hasValue(2);
    }

    @Test
    void aSlowEndpointTimesOut() {
        hang = true;
        configure(",\"readTimeoutMs\":300");
        AuthOutcome outcome = ask("c", "p").orElseThrow();
        assertThat(outcome.reject()).isEqualTo(ConnectReject.SERVER_UNAVAILABLE);
        assertThat(outcome.reason()).contains("within 300 ms");
    }

    @Test
    void checksBeyondTheParallelCapAreRefusedAsServerBusy() {
        hang = true;
        configure(",\"maxParallelRequests\":1,\"readTimeoutMs\":60000");
        CompletableFuture<Optional<AuthOutcome>> first = provider.authenticateLater(request("a", "p"));
        AuthOutcome second = ask("b", "p").orElseThrow();
        assertThat(second.reject()).isEqualTo(ConnectReject.SERVER_BUSY);
        release.countDown();
        assertThat(first.join().orElseThrow().isGranted()).isTrue();
        assertThat(ask("b", "p").orElseThrow().isGranted()).isTrue();
    }
}
