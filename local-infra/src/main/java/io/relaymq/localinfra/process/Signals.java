package io.relaymq.localinfra.process;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/** Sends POSIX signals that {@link ProcessHandle} cannot (it only knows TERM and KILL). */
final class Signals {

    private Signals() {}

    static void send(long pid, String signal) {
        if ("TERM".equals(signal)) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
            return;
        }
        try {
            Process kill = new ProcessBuilder("kill", "-s", signal, Long.toString(pid))
                    .redirectErrorStream(true)
                    .start();
            kill.waitFor(5, TimeUnit.SECONDS);
        } catch (IOException e) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
