package io.relaymq.perf.scenario;

import java.util.List;
import java.util.Set;

/**
 * What one benchmark run does. Every field has a default; {@link #KEYS} lists the setting names.
 *
 * @param scenario          p2p, fan-in, fan-out, idle or storm (p2p traffic while more clients connect)
 * @param host              broker host
 * @param ports             broker MQTT ports; clients are spread over them in turn (one per node)
 * @param tls               connect with TLS
 * @param mqtt5             MQTT 5.0 instead of 3.1.1
 * @param qos               publish and subscribe QoS
 * @param publishers        publishing clients (p2p: the number of pairs)
 * @param subscribers       subscribing clients (p2p: always equal to publishers)
 * @param rate              messages per second per publisher
 * @param payloadBytes      payload size (at least 16)
 * @param persistent        subscribers keep their session (clean_session=false)
 * @param sessionExpiry     5.0 Session Expiry Interval for persistent subscribers, seconds
 * @param warmupSeconds     traffic before the measured window
 * @param durationSeconds   measured window
 * @param drainSeconds      longest wait for messages still in flight after publishing stops
 * @param rampPerSecond     new connections per second while connecting
 * @param sourceIps         local addresses to connect from, e.g. 127.0.0.1-127.0.0.8
 * @param keepAlive         keep-alive seconds
 * @param shareGroup        share name of the fan-in subscription
 * @param topicSuffix       last level of the p2p publish topic
 * @param idleConnections   connections of the idle scenario
 * @param idleHoldSeconds   how long the idle scenario holds its connections before measuring
 * @param stormConnections  clients of the storm scenario that connect when the measured window begins
 * @param stormRamp         their new connections per second
 * @param clientPrefix      client id prefix (default: "b" plus a random run id, so runs never share sessions)
 * @param username          user name of DEVICE clients (null: none)
 * @param password          their password
 * @param appUsername       user name of APPLICATION clients (the fan-in subscribers)
 * @param appPassword       their password
 * @param cleanup           persistent subscribers remove their sessions at the end (reconnect with clean start)
 * @param threads           generator event loop threads (0: Netty's default)
 * @param progressSeconds   terminal progress interval
 */
public record ScenarioSettings(
        String scenario,
        String host,
        List<Integer> ports,
        boolean tls,
        boolean mqtt5,
        int qos,
        int publishers,
        int subscribers,
        double rate,
        int payloadBytes,
        boolean persistent,
        int sessionExpiry,
        int warmupSeconds,
        int durationSeconds,
        int drainSeconds,
        int rampPerSecond,
        String sourceIps,
        int keepAlive,
        String shareGroup,
        String topicSuffix,
        int idleConnections,
        int idleHoldSeconds,
        int stormConnections,
        int stormRamp,
        String clientPrefix,
        String username,
        String password,
        String appUsername,
        String appPassword,
        boolean cleanup,
        int threads,
        int progressSeconds) {

    public static final Set<String> KEYS = Set.of(
            "scenario",
            "host",
            "ports",
            "tls",
            "mqtt",
            "qos",
            "publishers",
            "subscribers",
            "rate",
            "payload",
            "persistent",
            "session-expiry",
            "warmup",
            "duration",
            "drain",
            "ramp",
            "source-ips",
            "keep-alive",
            "share-group",
            "topic-suffix",
            "idle-connections",
            "idle-hold",
            "storm-connections",
            "storm-ramp",
            "client-prefix",
            "username",
            "password",
            "app-username",
            "app-password",
            "cleanup",
            "threads",
            "progress");

    private static final Set<String> SCENARIOS = Set.of("p2p", "fan-in", "fan-out", "idle", "storm");

    public ScenarioSettings {
        ports = List.copyOf(ports);
        require(SCENARIOS.contains(scenario), "scenario must be one of " + SCENARIOS + ": " + scenario);
        require(
                !ports.isEmpty() && ports.stream().allMatch(p -> p > 0 && p < 65_536),
                "ports must be 1..65535: " + ports);
        require(qos >= 0 && qos <= 2, "qos must be 0, 1 or 2: " + qos);
        require(publishers >= 0 && subscribers >= 0, "client counts cannot be negative");
        require(rate > 0, "rate must be above 0 messages/s per publisher: " + rate);
        require(payloadBytes >= 16 && payloadBytes <= 1 << 20, "payload must be 16 bytes..1 MiB: " + payloadBytes);
        require(
                warmupSeconds >= 0 && durationSeconds > 0 && drainSeconds >= 0,
                "warmup >= 0, duration > 0, drain >= 0");
        require(rampPerSecond > 0, "ramp must be above 0 connections/s: " + rampPerSecond);
        require(
                !shareGroup.isEmpty() && !shareGroup.matches(".*[/+#].*"),
                "share-group cannot hold / + #: " + shareGroup);
        require(
                !topicSuffix.isEmpty() && !topicSuffix.matches(".*[/+#].*"),
                "topic-suffix is one topic level: " + topicSuffix);
        require(idleConnections >= 0 && idleHoldSeconds >= 0, "idle-connections and idle-hold cannot be negative");
        require(stormConnections >= 0 && stormRamp > 0, "storm-connections >= 0, storm-ramp > 0");
        require(progressSeconds > 0, "progress must be above 0 seconds");
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }

    /** Settings with each scenario's defaults for what is not given. */
    public static ScenarioSettings from(Settings s, String runId) {
        String scenario = s.string("scenario", "p2p");
        int publishers = s.integer(
                "publishers",
                switch (scenario) {
                    case "fan-in" -> 200;
                    case "fan-out" -> 5;
                    case "idle" -> 0;
                    case "storm" -> 2000;
                    default -> 100;
                });
        int subscribers = scenario.equals("p2p") || scenario.equals("storm")
                ? publishers
                : s.integer(
                        "subscribers",
                        switch (scenario) {
                            case "fan-in" -> 4;
                            case "fan-out" -> 100;
                            default -> 0;
                        });
        String mqtt = s.string("mqtt", "3.1.1");
        if (!mqtt.equals("3.1.1") && !mqtt.equals("5")) {
            throw new IllegalArgumentException("mqtt must be 3.1.1 or 5: " + mqtt);
        }
        return new ScenarioSettings(
                scenario,
                s.string("host", "127.0.0.1"),
                ports(s.string("ports", "1883")),
                s.flag("tls", false),
                mqtt.equals("5"),
                s.integer("qos", 1),
                publishers,
                subscribers,
                s.decimal("rate", 1.0),
                s.integer("payload", 62),
                s.flag("persistent", true),
                s.integer("session-expiry", 3600),
                s.integer("warmup", 10),
                s.integer("duration", 60),
                s.integer("drain", 30),
                s.integer("ramp", 500),
                s.string("source-ips", ""),
                s.integer("keep-alive", 60),
                s.string("share-group", "bench"),
                s.string("topic-suffix", "temperature"),
                s.integer("idle-connections", 10_000),
                s.integer("idle-hold", 30),
                s.integer("storm-connections", 10_000),
                s.integer("storm-ramp", 1_000),
                s.string("client-prefix", "b" + runId),
                s.string("username", null),
                s.string("password", null),
                s.string("app-username", null),
                s.string("app-password", null),
                s.flag("cleanup", true),
                s.integer("threads", 0),
                s.integer("progress", 10));
    }

    private static List<Integer> ports(String list) {
        try {
            return List.of(list.split(",")).stream()
                    .map(String::trim)
                    .map(Integer::parseInt)
                    .toList();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("ports is a comma-separated list of numbers: " + list);
        }
    }

    /** The same settings pointed at other ports (another broker of a side-by-side run). */
    public ScenarioSettings withEndpoint(String newHost, List<Integer> newPorts) {
        return new ScenarioSettings(
                scenario,
                newHost,
                newPorts,
                tls,
                mqtt5,
                qos,
                publishers,
                subscribers,
                rate,
                payloadBytes,
                persistent,
                sessionExpiry,
                warmupSeconds,
                durationSeconds,
                drainSeconds,
                rampPerSecond,
                sourceIps,
                keepAlive,
                shareGroup,
                topicSuffix,
                idleConnections,
                idleHoldSeconds,
                stormConnections,
                stormRamp,
                clientPrefix,
                username,
                password,
                appUsername,
                appPassword,
                cleanup,
                threads,
                progressSeconds);
    }

    /** The same settings with these client credentials (DEVICE and APPLICATION user names and passwords). */
    public ScenarioSettings withCredentials(String user, String pass, String appUser, String appPass) {
        return new ScenarioSettings(
                scenario,
                host,
                ports,
                tls,
                mqtt5,
                qos,
                publishers,
                subscribers,
                rate,
                payloadBytes,
                persistent,
                sessionExpiry,
                warmupSeconds,
                durationSeconds,
                drainSeconds,
                rampPerSecond,
                sourceIps,
                keepAlive,
                shareGroup,
                topicSuffix,
                idleConnections,
                idleHoldSeconds,
                stormConnections,
                stormRamp,
                clientPrefix,
                user,
                pass,
                appUser,
                appPass,
                cleanup,
                threads,
                progressSeconds);
    }

    /** Messages per second over all publishers. */
    public double totalRate() {
        return publishers * rate;
    }
}
