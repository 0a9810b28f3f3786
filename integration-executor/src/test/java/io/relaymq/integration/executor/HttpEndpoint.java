package io.relaymq.integration.executor;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntUnaryOperator;

/**
 * A real HTTP endpoint in the test JVM. Each path answers by its own rule (request number from 1 → status,
 * 200 unless set) after an optional latency, and keeps the bodies it answered with 2xx, in arrival order.
 */
public final class HttpEndpoint implements AutoCloseable {

    static final int HOLD_SECONDS = 60;

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final Map<String, IntUnaryOperator> rules = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> requests = new ConcurrentHashMap<>();
    private final Map<String, List<String>> accepted = new ConcurrentHashMap<>();
    private volatile Duration latency = Duration.ZERO;
    private volatile CountDownLatch gate = new CountDownLatch(0);

    public HttpEndpoint() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
        server.setExecutor(threads);
        server.createContext("/", this::handle);
        server.start();
    }

    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /** How {@code path} answers its n-th request (from 1). */
    public void answer(String path, IntUnaryOperator statusOfRequest) {
        rules.put(path, statusOfRequest);
    }

    /** Every answer waits this long first. */
    public void latency(Duration value) {
        latency = value;
    }

    /** From now on requests wait, unanswered, until {@link #release} (at most {@value #HOLD_SECONDS} s). */
    public void hold() {
        gate = new CountDownLatch(1);
    }

    /** Lets the held requests, and all later ones, be answered. */
    public void release() {
        gate.countDown();
    }

    /** The bodies {@code path} accepted, in arrival order. */
    public List<String> accepted(String path) {
        List<String> list = accepted.computeIfAbsent(path, p -> new ArrayList<>());
        synchronized (list) {
            return List.copyOf(list);
        }
    }

    /** How many requests {@code path} got, answered or not. */
    public int requests(String path) {
        return requests.computeIfAbsent(path, p -> new AtomicInteger()).get();
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        int n = requests.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
        int status = rules.getOrDefault(path, i -> 200).applyAsInt(n);
        try {
            if (!gate.await(HOLD_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the endpoint was held longer than " + HOLD_SECONDS + " s");
            }
            // simulated latency of a slow endpoint (behaviour under test, not synchronisation)
            TimeUnit.MILLISECONDS.sleep(latency.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (status >= 200 && status < 300) {
            List<String> list = accepted.computeIfAbsent(path, p -> new ArrayList<>());
            synchronized (list) {
                list.add(body);
            }
        }
        exchange.sendResponseHeaders(status, -1);
        exchange.close();
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
