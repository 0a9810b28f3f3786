package io.relaymq.broker.subscription;

/**
 * What a client asked for with one topic filter.
 *
 * @param qos               maximum QoS granted
 * @param noLocal           do not send the client its own publications (5.0)
 * @param retainAsPublished keep the RETAIN flag of forwarded messages (5.0)
 * @param retainHandling    0 send retained on subscribe, 1 only for a new subscription, 2 never (5.0)
 * @param subscriptionId    subscription identifier (5.0), 0 for none
 */
public record SubscriptionOptions(
        int qos, boolean noLocal, boolean retainAsPublished, int retainHandling, int subscriptionId) {

    public static SubscriptionOptions ofQos(int qos) {
        return new SubscriptionOptions(qos, false, false, 0, 0);
    }
}
