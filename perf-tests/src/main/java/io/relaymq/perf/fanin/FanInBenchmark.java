package io.relaymq.perf.fanin;

import com.hivemq.client.mqtt.MqttClient;
import com.hivemq.client.mqtt.datatypes.MqttQos;
import com.hivemq.client.mqtt.mqtt3.Mqtt3AsyncClient;
import io.relaymq.localinfra.stack.ExternalServers;
import io.relaymq.localinfra.stack.LocalStack;
import io.relaymq.localinfra.stack.StackSettings;
import io.relaymq.perf.support.BrokerNode;
import io.relaymq.perf.support.ProcCpu;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * Fan-in: many DEVICE publishers (QoS 1, clean sessions, topic {@code fanin/<n>/telemetry}) and a few
 * persistent APPLICATION subscribers sharing {@code $share/fanin/fanin/+/telemetry}, on one node with the
 * local Kafka, Redis Cluster and PostgreSQL. Reports throughput, end-to-end and PUBACK latency, lost and
 * duplicated messages, and messages per server CPU-second (broker, Kafka, Redis, PostgreSQL from /proc).
 * <p>
 * Run: {@code perf-tests/bench-fan-in [publishers] [msgs/s per publisher] [subscribers] [seconds]}.
 */
public final class FanInBenchmark {

    private static final int MQTT_PORT = 21883;
    private static final int HTTP_PORT = 28083;

    public static void main(String[] args) throws Exception {
        int publishers = arg(args, 0, 200);
        int rate = arg(args, 1, 10);
        int subscribers = arg(args, 2, 4);
        int seconds = arg(args, 3, 30);
        Path work = Path.of("perf-tests", "target", "bench-fan-in").toAbsolutePath();
        try (LocalStack stack = LocalStack.create(StackSettings.forTests(work.resolve("stack")), ExternalServers.none()).start()) {
            Map<String, String> env = new HashMap<>(stack.endpoints().brokerEnvironment());
            env.put("RELAYMQ_NODE_ID", "bench-1");
            env.put("MQTT_AUTH_ALLOW_ANONYMOUS", "true");
            env.put("MQTT_AUTH_ANONYMOUS_APPLICATION_CLIENT_IDS", "app-.*");
            env.put("MQTT_PERSISTENT_SESSION_APP_REPLAY_RATE", "0");
            env.put("ADMIN_PASSWORD", "benchmark");
            try (BrokerNode node = BrokerNode.start(env, MQTT_PORT, HTTP_PORT, work.resolve("broker.log"))
                    .awaitReady(Duration.ofMinutes(2))) {
                List<Long> server = new ArrayList<>(List.of(node.pid()));
                server.add(stack.kafka().orElseThrow().pid(0));
                server.addAll(stack.redis().orElseThrow().pids());
                server.addAll(ProcCpu.matching(work.resolve("stack").toAbsolutePath() + "/postgres"));
                run(publishers, rate, subscribers, seconds, server, work);
            }
        }
    }

    private static void run(int publishers, int rate, int subscribers, int seconds, List<Long> server, Path work)
            throws Exception {
        FanInTraffic traffic = new FanInTraffic(publishers);
        List<Mqtt3AsyncClient> clients = new ArrayList<>();
        for (int s = 0; s < subscribers; s++) {
            Mqtt3AsyncClient sub = client("app-fanin-" + s);
            sub.connectWith().cleanSession(false).keepAlive(60).send().get(30, TimeUnit.SECONDS);
            sub.subscribeWith().topicFilter("$share/fanin/fanin/+/telemetry").qos(MqttQos.AT_LEAST_ONCE)
                    .callback(p -> traffic.arrived(p.getPayload().orElseThrow().duplicate())).send().get(30, TimeUnit.SECONDS);
            clients.add(sub);
        }
        List<Mqtt3AsyncClient> pubs = new ArrayList<>();
        for (int p = 0; p < publishers; p++) {
            Mqtt3AsyncClient pub = client("dev-fanin-" + p);
            pub.connectWith().cleanSession(true).keepAlive(60).send().get(30, TimeUnit.SECONDS);
            pubs.add(pub);
        }
        clients.addAll(pubs);
        // the shared group's consumers join within a few seconds: warm up before measuring
        int[] seq = new int[publishers];
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor();
        ticker.scheduleAtFixedRate(() -> {
            for (int p = 0; p < publishers; p++) {
                publish(pubs.get(p), p, seq[p]++, traffic);
            }
        }, 0, 1_000_000L / rate, TimeUnit.MICROSECONDS);
        Thread.sleep(10_000);
        traffic.latency.getIntervalHistogram();
        traffic.pubAckLatency.getIntervalHistogram();
        long receivedBefore = traffic.received.get();
        long ackedBefore = traffic.acked.get();
        double serverCpuBefore = ProcCpu.seconds(server);
        double ownCpuBefore = ownCpuSeconds();
        long start = System.nanoTime();
        Histogram latency = new Histogram(3);
        Histogram pubAck = new Histogram(3);
        for (int t = 1; t <= seconds; t++) {
            Thread.sleep(1000);
            latency.add(traffic.latency.getIntervalHistogram());
            pubAck.add(traffic.pubAckLatency.getIntervalHistogram());
            if (t % 10 == 0) {
                System.out.printf(Locale.ROOT, "%3d s: %,d received, %,d acked, p99 %.1f ms%n", t,
                        traffic.received.get() - receivedBefore, traffic.acked.get() - ackedBefore,
                        latency.getValueAtPercentile(99) / 1000.0);
            }
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        long received = traffic.received.get() - receivedBefore;
        long acked = traffic.acked.get() - ackedBefore;
        double serverCpu = ProcCpu.seconds(server) - serverCpuBefore;
        double ownCpu = ownCpuSeconds() - ownCpuBefore;
        ticker.shutdownNow();
        ticker.awaitTermination(10, TimeUnit.SECONDS);
        // everything acknowledged must arrive: wait for the tail (bounded)
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (traffic.lost() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        for (Mqtt3AsyncClient c : clients) {
            c.disconnect();
        }
        report(publishers, rate, subscribers, elapsed, received, acked, serverCpu, ownCpu, latency, pubAck, traffic, work);
    }

    private static void publish(Mqtt3AsyncClient pub, int p, int seq, FanInTraffic traffic) {
        byte[] payload = FanInTraffic.payload(p, seq);
        long sentNanos = System.nanoTime();
        traffic.sent.incrementAndGet();
        pub.publishWith().topic("fanin/" + p + "/telemetry").qos(MqttQos.AT_LEAST_ONCE).payload(payload).send()
                .whenComplete((ack, error) -> {
                    if (error == null) {
                        traffic.acknowledged(p, seq, sentNanos);
                    }
                });
    }

    private static Mqtt3AsyncClient client(String id) {
        return MqttClient.builder().useMqttVersion3().identifier(id).serverHost("127.0.0.1").serverPort(MQTT_PORT)
                .buildAsync();
    }

    private static double ownCpuSeconds() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime() / 1e9;
    }

    private static void report(int publishers, int rate, int subscribers, double elapsed, long received, long acked,
                               double serverCpu, double ownCpu, Histogram latency, Histogram pubAck, FanInTraffic traffic,
                               Path work) throws Exception {
        double throughput = received / elapsed;
        String json = String.format(Locale.ROOT, "{\"scenario\":\"fan-in\",\"publishers\":%d,\"ratePerPublisher\":%d,"
                        + "\"subscribers\":%d,\"seconds\":%.1f,\"messagesPerSecondIn\":%.1f,\"messagesPerSecondOut\":%.1f,"
                        + "\"serverCpuSeconds\":%.2f,\"messagesPerServerCpuSecond\":%.1f,\"loadGeneratorCpuSeconds\":%.2f,"
                        + "\"latencyMs\":{\"avg\":%.2f,\"p50\":%.2f,\"p95\":%.2f,\"p99\":%.2f,\"max\":%.2f},"
                        + "\"pubAckMs\":{\"avg\":%.2f,\"p50\":%.2f,\"p99\":%.2f},\"sent\":%d,\"lost\":%d,\"duplicates\":%d}",
                publishers, rate, subscribers, elapsed, acked / elapsed, throughput, serverCpu,
                serverCpu > 0 ? received / serverCpu : 0, ownCpu, latency.getMean() / 1000, ms(latency, 50), ms(latency, 95),
                ms(latency, 99), latency.getMaxValue() / 1000.0, pubAck.getMean() / 1000, ms(pubAck, 50), ms(pubAck, 99),
                traffic.sent.get(), traffic.lost(), traffic.duplicates.get());
        Files.writeString(work.resolve("fan-in-benchmark.json"), json + "\n");
        System.out.println(json);
    }

    private static double ms(Histogram h, double percentile) {
        return h.getValueAtPercentile(percentile) / 1000.0;
    }

    private static int arg(String[] args, int index, int fallback) {
        return args.length > index ? Integer.parseInt(args[index]) : fallback;
    }
}
