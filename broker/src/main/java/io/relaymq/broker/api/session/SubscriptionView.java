package io.relaymq.broker.api.session;

import io.relaymq.broker.subscription.Subscription;
import io.relaymq.broker.subscription.SubscriptionOptions;
import io.relaymq.broker.topic.TopicFilter;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

/**
 * One subscription of a client as the API shows and takes it (TBMQ's field names and QoS names; a QoS
 * number is read too).
 */
public record SubscriptionView(
        @NotBlank String topicFilter,
        @NotNull QosLevel qos,
        @Valid Options options,
        @Min(0) @Max(268_435_455) Integer subscriptionId) {

    /** The 5.0 subscription options; absent means all off / 0. */
    public record Options(
            boolean noLocal,
            boolean retainAsPublish,
            @Min(0) @Max(2) int retainHandling) {}

    public static SubscriptionView of(Subscription s) {
        SubscriptionOptions o = s.options();
        return new SubscriptionView(
                s.filter().text(),
                QosLevel.of(o.qos()),
                new Options(o.noLocal(), o.retainAsPublished(), o.retainHandling()),
                o.subscriptionId() == 0 ? null : o.subscriptionId());
    }

    /** The subscription this view asks for. */
    public Subscription toSubscription(String clientId) {
        TopicFilter filter = TopicFilter.parse(topicFilter)
                .orElseThrow(() -> new IllegalArgumentException("invalid topic filter '" + topicFilter + "'"));
        Options o = options == null ? new Options(false, false, 0) : options;
        return new Subscription(
                clientId,
                filter,
                new SubscriptionOptions(
                        qos.value(),
                        o.noLocal(),
                        o.retainAsPublish(),
                        o.retainHandling(),
                        subscriptionId == null ? 0 : subscriptionId));
    }
}
