package io.relaymq.perf.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ScenariosTest {

    private static ScenarioSettings settings(String scenario, int publishers, int subscribers) {
        return ScenarioSettings.from(
                Settings.of(Map.of(
                        "scenario",
                        scenario,
                        "publishers",
                        Integer.toString(publishers),
                        "subscribers",
                        Integer.toString(subscribers),
                        "client-prefix",
                        "t")),
                "r");
    }

    @Test
    void pointToPointPairsPublisherNWithSubscriberN() {
        Plan plan = Scenarios.plan(settings("p2p", 3, 0));

        assertThat(plan.publishers())
                .extracting(Plan.Publisher::topic)
                .containsExactly(
                        "europe/ua/kyiv/0/temperature", "europe/ua/kyiv/1/temperature", "europe/ua/kyiv/2/temperature");
        assertThat(plan.subscribers())
                .extracting(Plan.Subscriber::filter)
                .containsExactly("europe/ua/kyiv/0/+", "europe/ua/kyiv/1/+", "europe/ua/kyiv/2/+");
        assertThat(plan.receiverCount()).isEqualTo(3);
        assertThat(plan.expects(1, 1)).isTrue();
        assertThat(plan.expects(1, 2)).isFalse();
        assertThat(plan.subscribers()).noneMatch(Plan.Subscriber::application);
    }

    @Test
    void fanInSubscribersAreOneSharedApplicationReceiver() {
        Plan plan = Scenarios.plan(settings("fan-in", 50, 4));

        assertThat(plan.publishers()).hasSize(50);
        assertThat(plan.publishers().get(7).topic()).isEqualTo("fanin/7/telemetry");
        assertThat(plan.subscribers())
                .hasSize(4)
                .allMatch(Plan.Subscriber::application)
                .allMatch(s -> s.filter().equals("$share/bench/fanin/+/telemetry") && s.receiver() == 0);
        assertThat(plan.subscribers().get(3).clientId()).isEqualTo("t-app-3");
        assertThat(plan.receiverCount()).isEqualTo(1);
    }

    @Test
    void fanOutSubscribersEachGetEveryPublisher() {
        Plan plan = Scenarios.plan(settings("fan-out", 2, 10));

        assertThat(plan.subscribers()).hasSize(10).allMatch(s -> s.filter().equals("fanout/+/data"));
        assertThat(plan.receiverCount()).isEqualTo(10);
        assertThat(plan.expects(9, 1)).isTrue();
    }
}
