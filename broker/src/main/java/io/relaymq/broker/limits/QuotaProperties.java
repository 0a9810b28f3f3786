package io.relaymq.broker.limits;

import jakarta.validation.constraints.Min;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Caps on what clients can make the cluster keep ({@code relaymq.mqtt.quotas.*}), so that no client can
 * exhaust memory, Redis or Kafka with things it creates.
 *
 * @param maxSubscriptionsPerClient topic filters one session may hold; a SUBSCRIBE for one more new filter
 *                                  gets 0x97 Quota exceeded for it (3.1.1: 0x80 Failure)
 * @param maxRetainedMessages       retained topics in the cluster (every node holds all of them in memory)
 * @param maxRetainedBytes          total payload bytes of the retained messages in the cluster
 * @param maxQueuedBytesPerClient   payload bytes waiting for one client (queued, in flight, stored in Redis,
 *                                  or read ahead from an APPLICATION topic), next to the message-count limits
 */
@Validated
@ConfigurationProperties("relaymq.mqtt.quotas")
public record QuotaProperties(
        @Min(1) int maxSubscriptionsPerClient,
        @Min(1) int maxRetainedMessages,
        @Min(1024) long maxRetainedBytes,
        @Min(1024) long maxQueuedBytesPerClient) {}
