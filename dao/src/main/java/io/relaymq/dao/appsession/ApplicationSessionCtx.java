package io.relaymq.dao.appsession;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a persistent APPLICATION session stood when its connection went away: which records of its
 * Kafka topic were sent with which packet id and still wait for PUBACK/PUBREC ({@code publishes}), and
 * which wait for PUBCOMP after PUBREL ({@code pubrels}), and the offset below which every record was sent
 * ({@code sentBelow}, -1 when unknown): a record below it that neither list holds was completed. Restored on
 * reconnect, so redelivery repeats the same packet ids with DUP set and never sends a completed record again.
 * The mark is stored among the PUBREL entries as one with packet id 0, which no real entry has.
 */
public record ApplicationSessionCtx(
        String clientId, long lastUpdatedTime, List<Sent> publishes, List<Sent> pubrels, long sentBelow) {

    /** One record of the topic and the packet id it went out with. */
    public record Sent(long offset, int packetId) {}

    public ApplicationSessionCtx {
        publishes = List.copyOf(publishes);
        pubrels = List.copyOf(pubrels);
    }

    /** A context without the mark (written before it existed, or tests). */
    public ApplicationSessionCtx(String clientId, long lastUpdatedTime, List<Sent> publishes, List<Sent> pubrels) {
        this(clientId, lastUpdatedTime, publishes, pubrels, -1);
    }

    /** The PUBREL entries with the mark, as stored. */
    static String writePubrels(ApplicationSessionCtx ctx) {
        List<Sent> entries = new ArrayList<>(ctx.pubrels());
        if (ctx.sentBelow() >= 0) {
            entries.add(new Sent(ctx.sentBelow(), 0));
        }
        return write(entries);
    }

    /** The mark among stored PUBREL entries; -1 when there is none. */
    static long sentBelow(String pubrels) {
        for (Sent s : parse(pubrels)) {
            if (s.packetId() == 0) {
                return s.offset();
            }
        }
        return -1;
    }

    static String write(List<Sent> sent) {
        StringBuilder text = new StringBuilder();
        for (Sent s : sent) {
            if (!text.isEmpty()) {
                text.append(',');
            }
            text.append(s.offset()).append(':').append(s.packetId());
        }
        return text.toString();
    }

    /** The entries of a stored list, without the mark. */
    static List<Sent> read(String text) {
        return parse(text).stream().filter(s -> s.packetId() != 0).toList();
    }

    private static List<Sent> parse(String text) {
        List<Sent> sent = new ArrayList<>();
        if (text == null || text.isBlank()) {
            return sent;
        }
        for (String item : text.split(",")) {
            String[] parts = item.split(":", 2);
            sent.add(new Sent(Long.parseLong(parts[0]), Integer.parseInt(parts[1])));
        }
        return sent;
    }
}
