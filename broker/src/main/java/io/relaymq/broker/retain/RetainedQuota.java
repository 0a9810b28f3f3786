package io.relaymq.broker.retain;

/**
 * Whether a retained PUBLISH fits the cluster's retained quota, judged on this node's full copy of the
 * retained messages. Clearing a topic always fits; replacing a retained message always fits the count
 * and fits the bytes when it does not grow, or grows within the byte cap. Retained PUBLISHes accepted at
 * the same moment on several nodes can overshoot by those few messages, as each node sees the others'
 * only once they are on the retained topic.
 */
public final class RetainedQuota {

    /** Outcome of a check; {@link #quota} names the quota exceeded, for metrics and logs. */
    public enum Verdict {
        FITS(null),
        TOO_MANY_MESSAGES("retained_messages"),
        TOO_MANY_BYTES("retained_bytes");

        public final String quota;

        Verdict(String quota) {
            this.quota = quota;
        }
    }

    private final RetainedMessages store;
    private final int maxMessages;
    private final long maxBytes;

    public RetainedQuota(RetainedMessages store, int maxMessages, long maxBytes) {
        this.store = store;
        this.maxMessages = maxMessages;
        this.maxBytes = maxBytes;
    }

    /** Null when a retained message of this size on this topic may be kept, else the quota it exceeds. */
    public String refusal(String topic, int payloadBytes) {
        return check(topic, payloadBytes).quota;
    }

    public Verdict check(String topic, int payloadBytes) {
        if (payloadBytes == 0) {
            return Verdict.FITS;
        }
        int oldBytes = store.get(topic).map(m -> m.payload().length).orElse(-1);
        if (oldBytes < 0 && store.size() >= maxMessages) {
            return Verdict.TOO_MANY_MESSAGES;
        }
        long growth = payloadBytes - Math.max(oldBytes, 0);
        if (growth > 0 && store.payloadBytes() + growth > maxBytes) {
            return Verdict.TOO_MANY_BYTES;
        }
        return Verdict.FITS;
    }
}
