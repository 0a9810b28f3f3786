package io.relaymq.perf.scenario;

/**
 * Spreads messages evenly in time: over all publishers together, message k is due at
 * {@code k / totalRate} seconds, goes to publisher {@code k mod N} and carries that publisher's sequence
 * number {@code k / N}. So every publisher sends at its rate, and the publishers' sends interleave
 * instead of bursting at whole seconds.
 */
public final class Pacer {

    private final int publishers;
    private final double totalRate;
    private long issued;

    public Pacer(int publishers, double ratePerPublisher) {
        if (publishers <= 0 || ratePerPublisher <= 0) {
            throw new IllegalArgumentException("a pacer needs publishers and a positive rate");
        }
        this.publishers = publishers;
        this.totalRate = publishers * ratePerPublisher;
    }

    /** How many messages are due by {@code elapsedNanos} after the start. */
    public long dueBy(long elapsedNanos) {
        return (long) Math.floor(elapsedNanos / 1e9 * totalRate);
    }

    /** Hands out every message due by {@code elapsedNanos} that was not handed out before. */
    public void issue(long elapsedNanos, Sink sink) {
        long due = dueBy(elapsedNanos);
        while (issued < due) {
            sink.send((int) (issued % publishers), (int) (issued / publishers));
            issued++;
        }
    }

    public long issued() {
        return issued;
    }

    /** Receives one due message. */
    @FunctionalInterface
    public interface Sink {
        void send(int publisher, int seq);
    }
}
