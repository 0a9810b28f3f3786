package io.relaymq.broker.auth.provider;

import java.io.ByteArrayOutputStream;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Sends one check to the configured endpoint without blocking the caller: a POST of the request JSON with the
 * configured headers, no redirects followed, the whole exchange (connecting included) bounded by {@code
 * readTimeoutMs}, and the answer read only up to {@code maxResponseBytes} (a larger one is abandoned). The
 * answer completes on the given executor.
 */
final class HttpAuthClient {

    private final HttpClient http;
    private final HttpAuthConfig config;
    private final Duration timeout;
    private final int maxResponseBytes;
    private final Executor executor;

    HttpAuthClient(HttpAuthConfig config, int maxResponseBytes, Executor executor) {
        this.config = config;
        this.executor = executor;
        this.timeout = Duration.ofMillis(config.readTimeoutMs());
        this.maxResponseBytes = maxResponseBytes;
        this.http = HttpClient.newBuilder()
                .connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .executor(executor)
                .build();
    }

    /** The endpoint's decision; fails with {@link HttpAuthUnavailable} when there is no usable one. */
    CompletableFuture<HttpAuthAnswer> ask(byte[] requestBody) {
        CompletableFuture<HttpResponse<byte[]>> sent;
        try {
            sent = http.sendAsync(request(requestBody), info -> new CappedBody(maxResponseBytes));
        } catch (RuntimeException e) {
            sent = CompletableFuture.failedFuture(e);
        }
        // the deadline covers the whole answer, body included: when it passes, the exchange is cancelled, so an
        // endpoint that trickles its body holds no connection past it. The decision, and whatever follows it (the
        // next provider), runs on the executor: neither on the JDK's timeout thread nor on the HTTP client's
        // selector thread
        CompletableFuture<HttpResponse<byte[]>> exchange = sent;
        return sent.copy()
                .orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
                .whenComplete((response, error) -> {
                    if (error != null) {
                        exchange.cancel(true);
                    }
                })
                .handleAsync(
                        (response, error) -> {
                            if (error != null) {
                                throw new CompletionException(new HttpAuthUnavailable(describe(error)));
                            }
                            return HttpAuthExchange.answer(response.statusCode(), response.body(), config);
                        },
                        executor);
    }

    private HttpRequest request(byte[] body) {
        return config.requestBuilder()
                .timeout(timeout)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
    }

    private String describe(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t instanceof HttpAuthUnavailable unavailable) {
                return unavailable.getMessage();
            }
        }
        if (cause instanceof HttpTimeoutException || cause instanceof TimeoutException) {
            return "HTTP auth endpoint did not answer within " + timeout.toMillis() + " ms";
        }
        if (cause instanceof ConnectException) {
            return "HTTP auth endpoint refused the connection";
        }
        return "HTTP auth endpoint could not be asked: " + cause.getClass().getSimpleName()
                + (cause.getMessage() == null ? "" : " (" + cause.getMessage() + ")");
    }

    /** Collects the body, giving up (and cancelling the download) past the cap. */
    private static final class CappedBody implements HttpResponse.BodySubscriber<byte[]> {

        private final int max;
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private final CompletableFuture<byte[]> body = new CompletableFuture<>();
        private Flow.Subscription subscription;

        CappedBody(int max) {
            this.max = max;
        }

        @Override
        public CompletionStage<byte[]> getBody() {
            return body;
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            this.subscription = subscription;
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(List<ByteBuffer> buffers) {
            if (body.isDone()) {
                return;
            }
            for (ByteBuffer buffer : buffers) {
                if (out.size() + buffer.remaining() > max) {
                    subscription.cancel();
                    body.completeExceptionally(
                            new HttpAuthUnavailable("HTTP auth endpoint's answer is larger than " + max + " bytes"));
                    return;
                }
                byte[] chunk = new byte[buffer.remaining()];
                buffer.get(chunk);
                out.write(chunk, 0, chunk.length);
            }
        }

        @Override
        public void onError(Throwable error) {
            body.completeExceptionally(error);
        }

        @Override
        public void onComplete() {
            body.complete(out.toByteArray());
        }
    }
}
