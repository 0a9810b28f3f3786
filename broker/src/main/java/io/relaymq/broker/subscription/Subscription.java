package io.relaymq.broker.subscription;

import io.relaymq.broker.topic.TopicFilter;

/** One client's subscription to one topic filter. */
public record Subscription(String clientId, TopicFilter filter, SubscriptionOptions options) {}
