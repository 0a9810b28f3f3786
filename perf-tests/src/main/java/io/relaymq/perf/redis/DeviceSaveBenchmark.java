package io.relaymq.perf.redis;

import io.relaymq.dao.device.DeviceMessageStore;
import io.relaymq.dao.device.NewMessage;
import io.relaymq.dao.redis.CommandBatcher;
import io.relaymq.dao.redis.RedisConnector;
import io.relaymq.dao.redis.RedisSettings;
import io.relaymq.localinfra.stack.ExternalServers;
import io.relaymq.localinfra.stack.LocalStack;
import io.relaymq.localinfra.stack.StackSettings;
import io.relaymq.redis.lua.DeviceSessionScripts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The save path of persistent DEVICE sessions on a local 3-master Redis Cluster: one
 * {@code device_save_messages} script call per client with 1, 10 or 100 messages, with and without
 * command batching on the connection. Reports script calls per second, messages per second and messages
 * per Redis CPU-second (utime + stime of every redis-server, read from /proc).
 * <p>
 * Run: {@code perf-tests/bench-device-save [seconds-per-case]} (see perf-tests/README.md).
 */
public final class DeviceSaveBenchmark {

    private static final int CLIENTS = 1000;
    private static final int IN_FLIGHT = 256;
    private static final int LIMIT = 1000;
    /** About what one stored 62-byte QoS 1 message takes once encoded for its subscriber. */
    private static final int STORED_BYTES = 140;

    private record Case(int messagesPerCall, int batchMaxCommands) {}

    private record Result(Case c, double seconds, long calls, long messages, double redisCpuSeconds) {
        String row() {
            return String.format(
                    Locale.ROOT,
                    "| %3d | %3d | %,10.0f | %,10.0f | %,12.0f | %5.2f |",
                    c.messagesPerCall,
                    c.batchMaxCommands,
                    calls / seconds,
                    messages / seconds,
                    redisCpuSeconds > 0 ? messages / redisCpuSeconds : 0,
                    redisCpuSeconds / seconds);
        }

        String json() {
            return String.format(
                    Locale.ROOT,
                    "{\"messagesPerCall\":%d,\"batchMaxCommands\":%d,\"callsPerSecond\":%.1f,"
                            + "\"messagesPerSecond\":%.1f,\"messagesPerRedisCpuSecond\":%.1f,\"redisCores\":%.3f}",
                    c.messagesPerCall,
                    c.batchMaxCommands,
                    calls / seconds,
                    messages / seconds,
                    redisCpuSeconds > 0 ? messages / redisCpuSeconds : 0,
                    redisCpuSeconds / seconds);
        }
    }

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        Path work = Path.of("perf-tests", "target", "bench-stack");
        try (LocalStack stack = LocalStack.create(
                        StackSettings.forTests(work).withComponents(false, true, false), ExternalServers.none())
                .start()) {
            List<Long> pids = stack.redis().orElseThrow().pids();
            List<Result> results = new ArrayList<>();
            for (int batch : new int[] {1, 64}) {
                for (int perCall : new int[] {1, 10, 100}) {
                    results.add(run(stack.endpoints().redisNodes(), new Case(perCall, batch), seconds, pids));
                }
            }
            report(results, seconds);
        }
    }

    private static Result run(String nodes, Case c, int seconds, List<Long> pids) throws Exception {
        try (RedisConnector connector = new RedisConnector(RedisSettings.cluster(
                        RedisSettings.parseNodes(nodes),
                        "",
                        Duration.ofSeconds(10),
                        Duration.ofSeconds(30),
                        Duration.ofSeconds(30)));
                CommandBatcher batcher =
                        new CommandBatcher(connector.connectBinary(), c.batchMaxCommands, Duration.ofMillis(1))) {
            DeviceMessageStore store = new DeviceMessageStore(batcher, DeviceSessionScripts.load(), LIMIT);
            store.loadScripts().toCompletableFuture().get(10, TimeUnit.SECONDS);
            List<NewMessage> messages = new ArrayList<>();
            for (int i = 0; i < c.messagesPerCall; i++) {
                messages.add(new NewMessage(new byte[STORED_BYTES], 600));
            }
            load(store, messages, Duration.ofSeconds(2), new AtomicLong());
            double cpuBefore = cpuSeconds(pids);
            long start = System.nanoTime();
            AtomicLong calls = new AtomicLong();
            load(store, messages, Duration.ofSeconds(seconds), calls);
            double elapsed = (System.nanoTime() - start) / 1e9;
            double cpu = cpuSeconds(pids) - cpuBefore;
            Result result = new Result(c, elapsed, calls.get(), calls.get() * c.messagesPerCall, cpu);
            System.out.println(result.row());
            return result;
        }
    }

    /** Keeps {@value #IN_FLIGHT} calls in flight over {@value #CLIENTS} clients, one call per client at a time. */
    private static void load(DeviceMessageStore store, List<NewMessage> messages, Duration duration, AtomicLong calls)
            throws InterruptedException {
        Semaphore slots = new Semaphore(IN_FLIGHT);
        long end = System.nanoTime() + duration.toNanos();
        int next = 0;
        while (System.nanoTime() < end) {
            slots.acquire();
            String client = "bench-" + (next++ % CLIENTS);
            store.save(client, messages).whenComplete((r, e) -> {
                if (e == null) {
                    calls.incrementAndGet();
                }
                slots.release();
            });
        }
        slots.acquire(IN_FLIGHT);
    }

    /** utime + stime of the given processes, in seconds. */
    static double cpuSeconds(List<Long> pids) throws IOException {
        long ticks = 0;
        for (long pid : pids) {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            ticks += Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        }
        return ticks / 100.0;
    }

    private static void report(List<Result> results, int seconds) throws IOException {
        StringBuilder table = new StringBuilder(String.format(
                Locale.ROOT,
                "%nDevice save path, %d s per case, %d clients, %d calls in flight, %d-byte messages, limit %d%n"
                        + "| msgs/call | batch | calls/s | msgs/s | msgs per Redis CPU-s | Redis cores |%n"
                        + "|---|---|---|---|---|---|%n",
                seconds,
                CLIENTS,
                IN_FLIGHT,
                STORED_BYTES,
                LIMIT));
        results.forEach(r -> table.append(r.row()).append('\n'));
        System.out.println(table);
        Path json = Path.of("perf-tests", "target", "device-save-benchmark.json");
        Files.writeString(
                json, "[" + String.join(",", results.stream().map(Result::json).toList()) + "]\n");
        System.out.println("written " + json.toAbsolutePath());
    }
}
