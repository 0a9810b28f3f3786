package io.relaymq.perf.hivemq;

import com.hivemq.embedded.EmbeddedHiveMQ;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * Starts HiveMQ CE (embedded edition) for a side-by-side benchmark: one plain TCP listener, anonymous
 * usage statistics off, file or in-memory persistence, folders under the given work directory.
 * <p>
 * Usage: {@code HiveMqCeMain <port> <work dir> [file|in-memory]}; runs until the process is stopped.
 */
public final class HiveMqCeMain {

    private HiveMqCeMain() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            throw new IllegalArgumentException("usage: HiveMqCeMain <port> <work dir> [file|in-memory]");
        }
        int port = Integer.parseInt(args[0]);
        Path work = Path.of(args[1]).toAbsolutePath();
        String persistence = args.length > 2 ? args[2] : "file";
        Path conf = Files.createDirectories(work.resolve("conf"));
        Files.writeString(conf.resolve("config.xml"), config(port, persistence));
        EmbeddedHiveMQ hivemq = EmbeddedHiveMQ.builder()
                .withConfigurationFolder(conf)
                .withDataFolder(Files.createDirectories(work.resolve("data")))
                .withExtensionsFolder(Files.createDirectories(work.resolve("extensions")))
                .build();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            hivemq.stop().join();
                            stopped.countDown();
                        },
                        "hivemq-stop"));
        hivemq.start().join();
        System.out.println("HiveMQ CE listening on " + port);
        stopped.await();
    }

    static String config(int port, String persistence) {
        return """
                <?xml version="1.0"?>
                <hivemq>
                    <listeners>
                        <tcp-listener>
                            <port>%d</port>
                            <bind-address>127.0.0.1</bind-address>
                        </tcp-listener>
                    </listeners>
                    <mqtt>
                        <queued-messages>
                            <max-queue-size>1000000</max-queue-size>
                        </queued-messages>
                    </mqtt>
                    <anonymous-usage-statistics>
                        <enabled>false</enabled>
                    </anonymous-usage-statistics>
                    <persistence>
                        <mode>%s</mode>
                    </persistence>
                </hivemq>
                """.formatted(port, persistence);
    }
}
