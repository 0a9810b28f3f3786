package io.relaymq.perf.scenario;

import java.util.ArrayList;
import java.util.List;

/** The traffic scenarios of TBMQ's published tests, as plans of clients and topics. */
public final class Scenarios {

    private Scenarios() {}

    public static Plan plan(ScenarioSettings s) {
        return switch (s.scenario()) {
            case "p2p", "storm" -> pointToPoint(s);
            case "fan-in" -> fanIn(s);
            case "fan-out" -> fanOut(s);
            default -> throw new IllegalArgumentException("scenario " + s.scenario() + " has no traffic plan");
        };
    }

    /**
     * N pairs: publisher n publishes to {@code europe/ua/kyiv/<n>/<suffix>}, subscriber n subscribes to
     * {@code europe/ua/kyiv/<n>/+} and must get exactly its publisher's messages.
     */
    static Plan pointToPoint(ScenarioSettings s) {
        List<Plan.Publisher> pubs = new ArrayList<>();
        List<Plan.Subscriber> subs = new ArrayList<>();
        for (int n = 0; n < s.publishers(); n++) {
            pubs.add(new Plan.Publisher(s.clientPrefix() + "-pub-" + n, "europe/ua/kyiv/" + n + "/" + s.topicSuffix()));
            subs.add(new Plan.Subscriber(s.clientPrefix() + "-sub-" + n, "europe/ua/kyiv/" + n + "/+", n, false));
        }
        return new Plan(pubs, subs, s.publishers(), (receiver, publisher) -> receiver == publisher);
    }

    /**
     * Many DEVICE publishers on {@code fanin/<n>/telemetry}; APPLICATION subscribers share
     * {@code $share/<group>/fanin/+/telemetry}, so the group is one receiver that must get everything once.
     */
    static Plan fanIn(ScenarioSettings s) {
        List<Plan.Publisher> pubs = new ArrayList<>();
        for (int n = 0; n < s.publishers(); n++) {
            pubs.add(new Plan.Publisher(s.clientPrefix() + "-dev-" + n, "fanin/" + n + "/telemetry"));
        }
        List<Plan.Subscriber> subs = new ArrayList<>();
        for (int i = 0; i < s.subscribers(); i++) {
            subs.add(new Plan.Subscriber(
                    s.clientPrefix() + "-app-" + i, "$share/" + s.shareGroup() + "/fanin/+/telemetry", 0, true));
        }
        return new Plan(pubs, subs, 1, (receiver, publisher) -> true);
    }

    /** A few publishers on {@code fanout/<p>/data}; every subscriber takes {@code fanout/+/data} and gets everything. */
    static Plan fanOut(ScenarioSettings s) {
        List<Plan.Publisher> pubs = new ArrayList<>();
        for (int p = 0; p < s.publishers(); p++) {
            pubs.add(new Plan.Publisher(s.clientPrefix() + "-pub-" + p, "fanout/" + p + "/data"));
        }
        List<Plan.Subscriber> subs = new ArrayList<>();
        for (int i = 0; i < s.subscribers(); i++) {
            subs.add(new Plan.Subscriber(s.clientPrefix() + "-sub-" + i, "fanout/+/data", i, false));
        }
        return new Plan(pubs, subs, s.subscribers(), (receiver, publisher) -> true);
    }
}
