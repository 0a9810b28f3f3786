package io.relaymq.integration.target.http;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * Keeps the first {@code limit} bytes of a response body and cancels the rest, so a large or endless answer
 * costs at most that much memory.
 */
final class LimitedBody implements HttpResponse.BodySubscriber<byte[]> {

    private final int limit;
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private final CompletableFuture<byte[]> body = new CompletableFuture<>();
    private Flow.Subscription subscription;

    LimitedBody(int limit) {
        this.limit = limit;
    }

    @Override
    public CompletionStage<byte[]> getBody() {
        return body;
    }

    @Override
    public void onSubscribe(Flow.Subscription subscription) {
        this.subscription = subscription;
        subscription.request(1);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        for (ByteBuffer buffer : buffers) {
            int take = Math.min(buffer.remaining(), limit - kept.size());
            byte[] chunk = new byte[take];
            buffer.get(chunk);
            kept.write(chunk, 0, take);
            if (kept.size() >= limit) {
                subscription.cancel();
                body.complete(kept.toByteArray());
                return;
            }
        }
        subscription.request(1);
    }

    @Override
    public void onError(Throwable error) {
        body.completeExceptionally(error);
    }

    @Override
    public void onComplete() {
        body.complete(kept.toByteArray());
    }
}
