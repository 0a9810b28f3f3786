package io.relaymq.integration.target.http;

import io.relaymq.common.message.PublishedMessage;
import io.relaymq.integration.model.IntegrationMessage;
import io.relaymq.integration.target.DeliveryException;
import io.relaymq.integration.target.MessageJson;
import io.relaymq.integration.target.Target;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;

/**
 * Sends each message as one request. 2xx is delivered; 408, 429, 5xx, timeouts and connection errors are
 * retryable; any other status (3xx included: redirects are not followed) is not. At most
 * {@value #MAX_ANSWER_BYTES} bytes of an answer are read, for the error text; the whole answer must arrive
 * within the request timeout.
 */
final class HttpTarget implements Target {

    static final int MAX_ANSWER_BYTES = 4096;
    static final String TOPIC_HEADER = "X-RelayMQ-Topic";
    static final String CLIENT_HEADER = "X-RelayMQ-Client-Id";
    static final String QOS_HEADER = "X-RelayMQ-QoS";
    private static final int MAX_ERROR_ANSWER_CHARS = 512;
    private static final Pattern CONTENT_TYPE = Pattern.compile("[\\x21-\\x7e][\\x20-\\x7e]{0,254}");

    private final HttpSettings settings;
    private final HttpClient client;
    private final ExecutorService threads;
    private final MessageJson json;
    private final boolean contentTypeConfigured;

    HttpTarget(HttpSettings settings, HttpClient client, ExecutorService threads, MessageJson json) {
        this.settings = settings;
        this.client = client;
        this.threads = threads;
        this.json = json;
        this.contentTypeConfigured =
                settings.headers().keySet().stream().anyMatch(h -> h.equalsIgnoreCase("Content-Type"));
    }

    @Override
    public void send(IntegrationMessage routed) throws DeliveryException {
        HttpRequest request = request(routed);
        CompletableFuture<HttpResponse<byte[]>> answer =
                client.sendAsync(request, info -> new LimitedBody(MAX_ANSWER_BYTES));
        HttpResponse<byte[]> response;
        try {
            response = answer.get(settings.requestTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            answer.cancel(true);
            throw new DeliveryException(
                    "no answer within " + settings.requestTimeout().toMillis() + " ms", true);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            if (cause instanceof HttpConnectTimeoutException) {
                throw new DeliveryException(
                        "no connection within " + settings.connectTimeout().toMillis() + " ms", true, cause);
            }
            if (cause instanceof HttpTimeoutException) {
                throw new DeliveryException(
                        "no answer within " + settings.requestTimeout().toMillis() + " ms", true, cause);
            }
            throw new DeliveryException("request failed: " + cause, true, cause);
        } catch (InterruptedException e) {
            answer.cancel(true);
            Thread.currentThread().interrupt();
            throw new DeliveryException("interrupted", true, e);
        }
        int status = response.statusCode();
        if (status >= 200 && status < 300) {
            return;
        }
        boolean retryable = status == 408 || status == 429 || status >= 500;
        throw new DeliveryException("HTTP " + status + answerText(response.body()), retryable);
    }

    private HttpRequest request(IntegrationMessage routed) {
        PublishedMessage m = routed.message();
        boolean asJson = settings.body() == HttpSettings.BodyForm.JSON;
        byte[] body = asJson ? json.encode(routed) : m.payload();
        HttpRequest.Builder b = HttpRequest.newBuilder(settings.uri())
                .timeout(settings.requestTimeout())
                .method(settings.method(), HttpRequest.BodyPublishers.ofByteArray(body));
        for (Map.Entry<String, String> h : settings.headers().entrySet()) {
            b.header(h.getKey(), h.getValue());
        }
        if (!contentTypeConfigured) {
            b.header("Content-Type", asJson ? "application/json" : contentType(m));
        }
        if (settings.authorization() != null) {
            b.header("Authorization", settings.authorization());
        }
        b.header(TOPIC_HEADER, PercentEncoding.encode(m.topic()));
        b.header(CLIENT_HEADER, PercentEncoding.encode(m.publisherId() == null ? "" : m.publisherId()));
        b.header(QOS_HEADER, Integer.toString(m.qos()));
        return b.build();
    }

    /** The message's MQTT 5 content type when it is a sane header value, else application/octet-stream. */
    private static String contentType(PublishedMessage m) {
        String type = m.properties().contentType();
        return type != null && CONTENT_TYPE.matcher(type).matches() ? type : "application/octet-stream";
    }

    private static String answerText(byte[] body) {
        if (body == null || body.length == 0) {
            return "";
        }
        String text = new String(body, StandardCharsets.UTF_8)
                .replaceAll("[\\p{Cntrl}&&[^\\t]]", " ")
                .strip();
        if (text.length() > MAX_ERROR_ANSWER_CHARS) {
            text = text.substring(0, MAX_ERROR_ANSWER_CHARS) + "…";
        }
        return text.isEmpty() ? "" : ": " + text;
    }

    @Override
    public void close() {
        threads.shutdownNow();
        if (client instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                // closing releases connections only; nothing is lost
            }
        }
    }
}
