package io.relaymq.integration.target.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.relaymq.common.message.MessageProperties;
import io.relaymq.common.message.PublishedMessage;
import io.relaymq.integration.model.IntegrationDefinition;
import io.relaymq.integration.model.IntegrationMessage;
import io.relaymq.integration.model.IntegrationType;
import io.relaymq.integration.target.DeliveryException;
import io.relaymq.integration.target.MessageJson;
import io.relaymq.integration.target.Target;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** The HTTP target against a real HTTP server in the test JVM. */
class HttpTargetTest {

    private final JsonMapper mapper = JsonMapper.builder().build();
    private final HttpTargetFactory factory = new HttpTargetFactory(new MessageJson(mapper));
    private final LinkedBlockingQueue<Received> received = new LinkedBlockingQueue<>();
    private final AtomicInteger answer = new AtomicInteger(200);
    private final CountDownLatch release = new CountDownLatch(1);
    private volatile byte[] answerBody = new byte[0];
    private HttpServer server;
    private Target target;

    record Received(String method, String path, com.sun.net.httpserver.Headers headers, byte[] body) {}

    @BeforeEach
    void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/in", this::handle);
        server.createContext("/slow", exchange -> {
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        release.countDown();
        if (target != null) {
            target.close();
        }
        server.stop(0);
    }

    private void handle(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readAllBytes();
        received.add(new Received(
                exchange.getRequestMethod(), exchange.getRequestURI().toString(), exchange.getRequestHeaders(), body));
        byte[] out = answerBody;
        exchange.sendResponseHeaders(answer.get(), out.length == 0 ? -1 : out.length);
        if (out.length > 0) {
            exchange.getResponseBody().write(out);
        }
        exchange.close();
    }

    private String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    private Target open(ObjectNode config) throws DeliveryException {
        assertThat(factory.validate(config)).isEmpty();
        target = factory.open(new IntegrationDefinition(
                UUID.randomUUID(), "hook", IntegrationType.HTTP, true, List.of("#"), config, 1));
        return target;
    }

    private ObjectNode config(String path) {
        return mapper.createObjectNode().put("url", url(path));
    }

    private static IntegrationMessage message(String topic, String payload, String contentType) {
        var props = new MessageProperties(null, null, contentType, null, null, List.of());
        return new IntegrationMessage(
                UUID.randomUUID(),
                new PublishedMessage(topic, 1, false, payload.getBytes(StandardCharsets.UTF_8), "dev 1/ü", 5L, props),
                9L);
    }

    private Received next() throws InterruptedException {
        Received r = received.poll(10, TimeUnit.SECONDS);
        assertThat(r).as("a request arrived").isNotNull();
        return r;
    }

    @Test
    void payloadIsSentAsIsWithTheMessageHeaders() throws Exception {
        ObjectNode c = config("/in?src=relay").put("method", "PUT");
        c.putObject("headers").put("X-Api-Key", "k1");
        open(c).send(message("sensors/a b/ä", "{\"t\":21}", "application/vnd.t+json"));

        Received r = next();
        assertThat(r.method()).isEqualTo("PUT");
        assertThat(r.path()).isEqualTo("/in?src=relay");
        assertThat(new String(r.body(), StandardCharsets.UTF_8)).isEqualTo("{\"t\":21}");
        assertThat(r.headers().getFirst("Content-Type")).isEqualTo("application/vnd.t+json");
        assertThat(r.headers().getFirst("X-Api-Key")).isEqualTo("k1");
        assertThat(r.headers().getFirst("X-RelayMQ-Topic")).isEqualTo("sensors/a%20b/%C3%A4");
        assertThat(r.headers().getFirst("X-RelayMQ-Client-Id")).isEqualTo("dev%201/%C3%BC");
        assertThat(r.headers().getFirst("X-RelayMQ-QoS")).isEqualTo("1");
    }

    @Test
    void withoutAContentTypeThePayloadIsOctetStream() throws Exception {
        open(config("/in")).send(message("a", "x", null));

        assertThat(next().headers().getFirst("Content-Type")).isEqualTo("application/octet-stream");
    }

    @Test
    void jsonBodyCarriesTheMessage() throws Exception {
        open(config("/in").put("body", "JSON")).send(message("a/b", "hello", null));

        Received r = next();
        assertThat(r.method()).isEqualTo("POST");
        assertThat(r.headers().getFirst("Content-Type")).isEqualTo("application/json");
        JsonNode json = mapper.readTree(r.body());
        assertThat(json.get("topic").stringValue()).isEqualTo("a/b");
        assertThat(json.get("payload").stringValue()).isEqualTo("hello");
        assertThat(json.get("payloadEncoding").stringValue()).isEqualTo("text");
        assertThat(json.get("qos").intValue()).isEqualTo(1);
        assertThat(json.get("routedTime").longValue()).isEqualTo(9L);
    }

    @Test
    void basicAndBearerAuth() throws Exception {
        ObjectNode basic = config("/in");
        basic.putObject("auth").put("type", "BASIC").put("username", "svc").put("password", "s3:cret");
        open(basic).send(message("a", "x", null));
        assertThat(next().headers().getFirst("Authorization"))
                .isEqualTo(
                        "Basic " + Base64.getEncoder().encodeToString("svc:s3:cret".getBytes(StandardCharsets.UTF_8)));
        target.close();

        ObjectNode bearer = config("/in");
        bearer.putObject("auth").put("type", "BEARER").put("token", "abc.def");
        open(bearer).send(message("a", "x", null));
        assertThat(next().headers().getFirst("Authorization")).isEqualTo("Bearer abc.def");
    }

    @Test
    void statusCodesDecideRetry() throws Exception {
        Target t = open(config("/in"));
        for (int code : new int[] {200, 201, 204}) {
            answer.set(code);
            t.send(message("a", "x", null));
        }
        for (int code : new int[] {408, 429, 500, 502, 503}) {
            answer.set(code);
            assertThatThrownBy(() -> t.send(message("a", "x", null)))
                    .isInstanceOfSatisfying(
                            DeliveryException.class,
                            e -> assertThat(e.retryable()).as("HTTP " + code).isTrue())
                    .hasMessageContaining("HTTP " + code);
        }
        for (int code : new int[] {301, 400, 401, 404, 413}) {
            answer.set(code);
            assertThatThrownBy(() -> t.send(message("a", "x", null)))
                    .isInstanceOfSatisfying(
                            DeliveryException.class,
                            e -> assertThat(e.retryable()).as("HTTP " + code).isFalse());
        }
    }

    @Test
    void onlyTheStartOfALargeAnswerIsKeptForTheError() throws Exception {
        answer.set(500);
        answerBody = ("oops " + "z".repeat(1_000_000)).getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> open(config("/in")).send(message("a", "x", null)))
                .isInstanceOf(DeliveryException.class)
                .hasMessageStartingWith("HTTP 500: oops")
                .satisfies(e -> assertThat(e.getMessage().length()).isLessThan(600));
    }

    @Test
    void noAnswerWithinTheRequestTimeoutIsRetryable() throws Exception {
        Target t = open(config("/slow").put("requestTimeoutMs", 300));
        long began = System.nanoTime();

        assertThatThrownBy(() -> t.send(message("a", "x", null)))
                .isInstanceOfSatisfying(
                        DeliveryException.class, e -> assertThat(e.retryable()).isTrue())
                .hasMessageContaining("no answer within 300 ms");
        assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - began)).isLessThan(5_000);
    }

    @Test
    void aRefusedConnectionIsRetryable() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0)) {
            closed = s.getLocalPort();
        }
        Target t = open(mapper.createObjectNode().put("url", "http://127.0.0.1:" + closed + "/x"));

        assertThatThrownBy(() -> t.send(message("a", "x", null)))
                .isInstanceOfSatisfying(
                        DeliveryException.class, e -> assertThat(e.retryable()).isTrue());
    }
}
