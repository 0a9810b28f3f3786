package io.relaymq.broker.kafka;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/** How many records a consumer group has not consumed yet, summed over the partitions it has committed on. */
public final class ConsumerGroupLag {

    private ConsumerGroupLag() {}

    public static long of(Admin admin, String groupId, long timeoutMillis)
            throws ExecutionException, InterruptedException, TimeoutException {
        Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(groupId)
                .partitionsToOffsetAndMetadata()
                .get(timeoutMillis, TimeUnit.MILLISECONDS);
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        committed.forEach((tp, offset) -> {
            if (offset != null) {
                latest.put(tp, OffsetSpec.latest());
            }
        });
        if (latest.isEmpty()) {
            return 0;
        }
        Map<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> ends =
                admin.listOffsets(latest).all().get(timeoutMillis, TimeUnit.MILLISECONDS);
        long lag = 0;
        for (Map.Entry<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> end : ends.entrySet()) {
            lag += Math.max(
                    0, end.getValue().offset() - committed.get(end.getKey()).offset());
        }
        return lag;
    }
}
