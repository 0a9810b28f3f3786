package io.relaymq.broker.publish;

/** Whether a retained PUBLISH may be kept as the retained message of its topic (the retained quotas). */
@FunctionalInterface
public interface RetainedAdmission {
    /** Null when it may be kept, else the name of the quota it would exceed. */
    String refusal(String topic, int payloadBytes);
}
