package io.relaymq.dao.appsession;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a persistent APPLICATION session stood when its connection went away: which records of its
 * Kafka topic were sent with which packet id and still wait for PUBACK/PUBREC ({@code publishes}), and
 * which wait for PUBCOMP after PUBREL ({@code pubrels}). Restored on reconnect, so redelivery repeats
 * the same packet ids with DUP set.
 */
public record ApplicationSessionCtx(String clientId, long lastUpdatedTime, List<Sent> publishes, List<Sent> pubrels) {

    /** One record of the topic and the packet id it went out with. */
    public record Sent(long offset, int packetId) {
    }

    public ApplicationSessionCtx {
        publishes = List.copyOf(publishes);
        pubrels = List.copyOf(pubrels);
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

    static List<Sent> read(String text) {
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
