package io.relaymq.broker.persistence.application;

import io.relaymq.broker.subscription.Subscription;
import io.relaymq.dao.appsession.ApplicationSessionCtx;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * What an {@link ApplicationOutbound} needs beyond its session's thread: a reader of the client's topic, a
 * forwarder per shared subscription, and the in-flight context in PostgreSQL. {@link ApplicationReaders} on a
 * node; a stand-in in the outbound's unit tests.
 */
interface AppSessionStore {

    /** Records read ahead of a client's window before its reading pauses. */
    int maxBuffered();

    /**
     * Starts reading {@code clientId}'s topic: from its committed offset, or from its end for a new session
     * ({@code startAtEnd}); batches go to {@code sink} from the reader's thread.
     */
    AppTopicReader start(String clientId, boolean startAtEnd, ReadAhead buffered, AppTopicReader.Sink sink);

    /** Makes {@code clientId} a member of its shared subscription's consumer group while connected. */
    SharedGroupForwarder startShared(String clientId, Subscription subscription);

    /** Loads the saved context; {@code then} gets it (empty when none, or when loading failed) off the caller. */
    void loadContext(String clientId, Consumer<Optional<ApplicationSessionCtx>> then);

    /** Saves the context (an empty one is deleted); the stage completes when done, failed or not. */
    CompletableFuture<Void> saveContext(ApplicationSessionCtx ctx);

    /** The session ended: its topic, consumer group and context go after the grace period (when enabled). */
    void scheduleRemoval(String clientId);
}
