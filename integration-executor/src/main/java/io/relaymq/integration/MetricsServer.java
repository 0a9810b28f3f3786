package io.relaymq.integration;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * The standalone process's only HTTP endpoint, when a port is configured: {@code GET /metrics} (the meters in
 * Prometheus text format) and {@code GET /health} ({@code UP} while the process runs). Any other method or
 * path gets 405 or 404; request bodies are not read.
 */
public class MetricsServer implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(MetricsServer.class);

    private final StandaloneProperties properties;
    private final PrometheusMeterRegistry registry;
    private HttpServer server;
    private ExecutorService thread;

    public MetricsServer(StandaloneProperties properties, PrometheusMeterRegistry registry) {
        this.properties = properties;
        this.registry = registry;
    }

    @Override
    public synchronized void start() {
        if (properties.metricsPort() == 0 || server != null) {
            return;
        }
        try {
            server =
                    HttpServer.create(new InetSocketAddress(properties.metricsAddress(), properties.metricsPort()), 16);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on port " + properties.metricsPort(), e);
        }
        thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "integration-metrics");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(thread);
        server.createContext("/", this::handle);
        server.start();
        log.info("metrics on http://{}:{}/metrics", properties.metricsAddress(), properties.metricsPort());
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!exchange.getRequestMethod().equals("GET")) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            String path = exchange.getRequestURI().getPath();
            String body;
            String type;
            if (path.equals("/metrics")) {
                body = registry.scrape();
                type = "text/plain; version=0.0.4; charset=utf-8";
            } else if (path.equals("/health")) {
                body = "UP\n";
                type = "text/plain; charset=utf-8";
            } else {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", type);
            exchange.sendResponseHeaders(200, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }

    @Override
    public synchronized void stop() {
        if (server != null) {
            server.stop(0);
            thread.shutdownNow();
            server = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return server != null;
    }
}
