package io.relaymq.perf.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Stream;

/** CPU seconds (utime + stime) and resident memory of processes, read from /proc (Linux; 100 ticks per second). */
public final class ProcCpu {

    private static final double TICKS_PER_SECOND = 100.0;

    private ProcCpu() {}

    /** CPU seconds used so far by these processes; processes that are gone count 0. */
    public static double seconds(Collection<Long> pids) {
        long ticks = 0;
        for (long pid : pids) {
            ticks += ticks(pid);
        }
        return ticks / TICKS_PER_SECOND;
    }

    private static long ticks(long pid) {
        try {
            return ticksOf(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /** utime + stime of a {@code /proc/<pid>/stat} line, in clock ticks. */
    static long ticksOf(String stat) {
        // fields after the command name (which may hold spaces and parentheses) start after the last ')'
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    /** Resident memory of these processes now, in bytes; processes that are gone count 0. */
    public static long rssBytes(Collection<Long> pids) {
        long bytes = 0;
        for (long pid : pids) {
            try {
                bytes += rssOf(Files.readString(Path.of("/proc", Long.toString(pid), "status")));
            } catch (IOException | RuntimeException e) {
                // gone
            }
        }
        return bytes;
    }

    /** The VmRSS line of a {@code /proc/<pid>/status} text, in bytes (0 when absent, as for kernel threads). */
    static long rssOf(String status) {
        for (String line : status.split("\n")) {
            if (line.startsWith("VmRSS:")) {
                String[] parts = line.substring(6).trim().split("\\s+");
                return Long.parseLong(parts[0]) * 1024;
            }
        }
        return 0;
    }

    /** Every process whose command line contains {@code fragment}. */
    public static List<Long> matching(String fragment) {
        List<Long> pids = new ArrayList<>();
        try (Stream<Path> entries = Files.list(Path.of("/proc"))) {
            entries.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
                    .forEach(p -> {
                        try {
                            String cmdline =
                                    Files.readString(p.resolve("cmdline")).replace('\0', ' ');
                            if (cmdline.contains(fragment)) {
                                pids.add(Long.parseLong(p.getFileName().toString()));
                            }
                        } catch (IOException | RuntimeException e) {
                            // gone meanwhile
                        }
                    });
        } catch (IOException e) {
            throw new IllegalStateException("cannot list /proc", e);
        }
        return pids;
    }
}
