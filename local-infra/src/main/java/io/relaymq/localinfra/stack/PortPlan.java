package io.relaymq.localinfra.stack;

import io.relaymq.localinfra.process.Ports;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.function.IntPredicate;
import java.util.function.IntSupplier;
import java.util.stream.Collectors;

/**
 * The loopback ports of one stack. Chosen once per work folder and saved there, because Kafka's
 * controller quorum and the Redis cluster configuration remember them: a second run reuses them.
 */
public record PortPlan(List<Integer> kafka, List<Integer> kafkaControllers, List<Integer> redis, int postgres) {

    static final String FILE = "ports.properties";
    static final int REDIS_BUS_OFFSET = 10000;

    public PortPlan {
        kafka = List.copyOf(kafka);
        kafkaControllers = List.copyOf(kafkaControllers);
        redis = List.copyOf(redis);
    }

    /** The saved plan of {@code workDir}, or a new one (saved) fitting {@code settings}. */
    public static PortPlan forStack(StackSettings settings) {
        Path file = settings.workDir().resolve(FILE);
        if (Files.exists(file)) {
            PortPlan saved = load(file);
            if (saved.fits(settings)) {
                return saved;
            }
            throw new IllegalStateException(file + " was made for another stack shape (Kafka nodes "
                    + saved.kafka.size() + ", Redis nodes " + saved.redis.size() + "): use another work folder");
        }
        PortPlan plan = choose(settings);
        plan.save(file);
        return plan;
    }

    static PortPlan choose(StackSettings s) {
        boolean wellKnown = s.durable();
        Set<Integer> taken = new HashSet<>();
        IntPredicate free = p -> !taken.contains(p) && Ports.isFree(p);
        IntPredicate freeWithBus = p -> free.test(p) && free.test(p + REDIS_BUS_OFFSET);
        List<Integer> kafka = claim(taken, 0, pick(s.kafkaNodes(), 9092, wellKnown, free, Ports::free));
        List<Integer> controllers = claim(taken, 0, pick(s.kafkaNodes(), 19092, wellKnown, free, Ports::free));
        List<Integer> redis = claim(
                taken,
                REDIS_BUS_OFFSET,
                pick(
                        s.redisNodeCount(),
                        7000,
                        wellKnown,
                        freeWithBus,
                        () -> Ports.freeWithCompanion(REDIS_BUS_OFFSET)));
        int postgres =
                claim(taken, 0, pick(1, 5433, wellKnown, free, Ports::free)).get(0);
        return new PortPlan(kafka, controllers, redis, postgres);
    }

    private static List<Integer> claim(Set<Integer> taken, int companionOffset, List<Integer> ports) {
        for (int p : ports) {
            taken.add(p);
            if (companionOffset > 0) {
                taken.add(p + companionOffset);
            }
        }
        return ports;
    }

    /**
     * {@code count} consecutive ports from {@code first} when wanted and all free, else ports from
     * {@code any} that {@code free} accepts.
     */
    static List<Integer> pick(int count, int first, boolean wellKnown, IntPredicate free, IntSupplier any) {
        if (wellKnown) {
            List<Integer> ports = new ArrayList<>();
            for (int p = first; p < first + count && free.test(p); p++) {
                ports.add(p);
            }
            if (ports.size() == count) {
                return ports;
            }
        }
        List<Integer> ports = new ArrayList<>();
        for (int attempt = 0; ports.size() < count; attempt++) {
            if (attempt > 1000) {
                throw new IllegalStateException("cannot find " + count + " free ports");
            }
            int p = any.getAsInt();
            if (!collides(p, ports) && free.test(p)) {
                ports.add(p);
            }
        }
        return ports;
    }

    /** A port, or its Redis bus port, equal to one already picked or to that one's bus port. */
    private static boolean collides(int port, List<Integer> picked) {
        for (int q : picked) {
            if (port == q || port == q + REDIS_BUS_OFFSET || port + REDIS_BUS_OFFSET == q) {
                return true;
            }
        }
        return false;
    }

    boolean fits(StackSettings s) {
        return kafka.size() == s.kafkaNodes() && redis.size() == s.redisNodeCount();
    }

    void save(Path file) {
        Properties p = new Properties();
        p.setProperty("kafka", join(kafka));
        p.setProperty("kafka.controllers", join(kafkaControllers));
        p.setProperty("redis", join(redis));
        p.setProperty("postgres", Integer.toString(postgres));
        try {
            Files.createDirectories(file.getParent());
            try (Writer out = Files.newBufferedWriter(file)) {
                p.store(out, "RelayMQ local stack ports; delete the work folder to choose new ones");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save " + file, e);
        }
    }

    static PortPlan load(Path file) {
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file)) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return new PortPlan(
                split(p.getProperty("kafka")),
                split(p.getProperty("kafka.controllers")),
                split(p.getProperty("redis")),
                Integer.parseInt(p.getProperty("postgres").trim()));
    }

    private static String join(List<Integer> ports) {
        return ports.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    private static List<Integer> split(String value) {
        return Arrays.stream(value.split(","))
                .map(String::trim)
                .map(Integer::valueOf)
                .toList();
    }
}
