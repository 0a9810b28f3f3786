package io.relaymq.broker.kafka;

/**
 * What a {@link ConsumerLoop} does with one poll's records. It processes every record through the
 * {@link Batch} (which retries a failing record and parks it on the dead-letter topic), and throws
 * {@link ConsumerLoop.RetryBatch} when the batch must be read again. When it returns, every record of
 * the batch counts as done and its offset may be committed.
 */
@FunctionalInterface
public interface BatchHandler {

    void handle(Batch batch) throws Exception;

    /** A handler that processes each record on its own, then runs {@code afterBatch}. */
    static BatchHandler eachRecord(RecordProcessor<?> processor, Runnable afterBatch) {
        return batch -> {
            batch.each(processor);
            afterBatch.run();
        };
    }
}
