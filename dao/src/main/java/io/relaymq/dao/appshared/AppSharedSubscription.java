package io.relaymq.dao.appshared;

import java.util.UUID;

/**
 * A shared subscription topic filter of APPLICATION clients ({@code application_shared_subscription}): its
 * messages go to a Kafka topic of its own with {@code partitions} partitions, shared by the instances of
 * one application through a consumer group.
 */
public record AppSharedSubscription(UUID id, long createdTime, String name, String topic, int partitions) {}
