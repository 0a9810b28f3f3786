package io.relaymq.broker.api.reset;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The reset mails this node may still send: at most {@code perMinute} within any minute, whoever they
 * are for, so the reset endpoint cannot be used to flood mailboxes through many addresses at once.
 */
final class MailBudget {

    private static final long WINDOW_MILLIS = 60_000;

    private final int perMinute;
    private final Deque<Long> sent = new ArrayDeque<>();

    MailBudget(int perMinute) {
        this.perMinute = perMinute;
    }

    /** Takes one mail from the budget at {@code now}; false (nothing taken) when the last minute used it up. */
    synchronized boolean take(long now) {
        while (!sent.isEmpty() && sent.peekFirst() <= now - WINDOW_MILLIS) {
            sent.pollFirst();
        }
        if (sent.size() >= perMinute) {
            return false;
        }
        sent.addLast(now);
        return true;
    }

    /** Gives back a mail taken at {@code takenAt} that was not sent after all. */
    synchronized void giveBack(long takenAt) {
        sent.removeLastOccurrence(takenAt);
    }
}
