package io.relaymq.broker.kafka;

import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Does something with one record and may return a result. Anything it throws, an {@link Error} included,
 * counts as a failure of that record; {@link ConsumerLoop.RetryBatch} instead says the whole batch is to be
 * read again later (a store is down).
 *
 * @param <T> what it makes of the record (null: nothing)
 */
@FunctionalInterface
public interface RecordProcessor<T> {

    T process(ConsumerRecord<byte[], byte[]> record) throws Exception;
}
