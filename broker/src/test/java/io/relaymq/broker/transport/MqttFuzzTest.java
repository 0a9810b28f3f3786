package io.relaymq.broker.transport;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.ResourceLeakDetector;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.slf4j.LoggerFactory;

/**
 * Fuzzes the production decoder, connection handler and session path with seeded hostile input under
 * Netty's paranoid leak detector. A crash is an exception that escapes the pipeline or an "unexpected
 * error" the handler had to log; a leak is any buffer the detector reports. Both must stay at zero.
 * <p>
 * The test command runs {@value #DEFAULT_INPUTS} inputs; more on demand:
 * {@code ./mvnw -pl broker test -Dtest=MqttFuzzTest -Drelaymq.fuzz.inputs=1000000 -Drelaymq.fuzz.seed=7}.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MqttFuzzTest {

    private static final int DEFAULT_INPUTS = 20_000;

    private final ListAppender<ILoggingEvent> leaks = new ListAppender<>();
    private final ListAppender<ILoggingEvent> handlerWarnings = new ListAppender<>();
    private final Logger leakLogger = (Logger) LoggerFactory.getLogger(ResourceLeakDetector.class);
    private final Logger handlerLogger = (Logger) LoggerFactory.getLogger(MqttConnectionHandler.class);
    private ResourceLeakDetector.Level previousLevel;
    private Level previousHandlerLevel;

    @BeforeEach
    void paranoid() {
        // buffers leaked by tests that ran before in this JVM are reported at some later allocation:
        // let that happen now, before this test listens
        triggerLeakReports();
        previousLevel = ResourceLeakDetector.getLevel();
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
        leaks.start();
        leakLogger.addAppender(leaks);
        handlerWarnings.start();
        handlerLogger.addAppender(handlerWarnings);
        previousHandlerLevel = handlerLogger.getLevel();
        // one INFO line per rejected input would flood the test output; WARN and above still count
        handlerLogger.setLevel(Level.WARN);
    }

    @AfterEach
    void restore() {
        ResourceLeakDetector.setLevel(previousLevel);
        leakLogger.detachAppender(leaks);
        handlerLogger.detachAppender(handlerWarnings);
        handlerLogger.setLevel(previousHandlerLevel);
    }

    @Test
    @Order(1)
    void hostileInputNeverCrashesLeaksOrLeavesSessionsBehind() {
        int inputs = Integer.getInteger("relaymq.fuzz.inputs", DEFAULT_INPUTS);
        long seed = Long.getLong("relaymq.fuzz.seed", 20261122L);
        EmbeddedBroker broker = new EmbeddedBroker();
        PacketFuzzer fuzzer = new PacketFuzzer(seed);
        List<String> crashes = new ArrayList<>();

        for (int i = 0; i < inputs; i++) {
            EmbeddedChannel channel = broker.channel();
            try {
                for (byte[] chunk : fuzzer.nextInput()) {
                    if (!channel.isOpen()) {
                        break;
                    }
                    ByteBuf buf =
                            PooledByteBufAllocator.DEFAULT.buffer(chunk.length).writeBytes(chunk);
                    channel.writeInbound(buf);
                    channel.runPendingTasks();
                }
            } catch (RuntimeException e) {
                crashes.add("input " + i + ": " + e);
            } finally {
                channel.close();
                channel.runPendingTasks();
                channel.finishAndReleaseAll();
            }
        }
        triggerLeakReports();

        System.out.printf(
                "MQTT fuzz: %,d inputs (seed %d), %d crashes, %d leak reports, %,d messages accepted%n",
                inputs, seed, crashes.size(), ownLeaks().size(), broker.published.size());
        assertThat(crashes).as("exceptions that escaped the pipeline").isEmpty();
        assertThat(handlerWarnings.list)
                .as("unexpected errors the handler had to catch")
                .filteredOn(e -> e.getLevel().isGreaterOrEqual(Level.WARN))
                .isEmpty();
        assertThat(ownLeaks()).as("buffers never released").isEmpty();
        assertThat(broker.registry.all())
                .as("no session still connected once every connection closed")
                .noneMatch(session -> session.isConnected());
    }

    @Test
    @Order(2)
    void theLeakDetectorIsLive() {
        ByteBuf forgotten = PooledByteBufAllocator.DEFAULT.buffer(16).writeLong(42);
        assertThat(forgotten.refCnt()).isEqualTo(1);
        forgotten = null;

        triggerLeakReports();

        assertThat(ownLeaks())
                .as("a buffer dropped without release() is reported")
                .isNotEmpty();
    }

    /**
     * Leak reports of buffers created by this test (their creation stack runs through it: everything on an
     * EmbeddedChannel runs on the test thread). Other tests of this JVM that leave output unread on their
     * own embedded channels are reported whenever the collector finds them and are not this test's finding.
     */
    private List<String> ownLeaks() {
        return leaks.list.stream()
                .map(ILoggingEvent::getFormattedMessage)
                .filter(report -> report.contains(MqttFuzzTest.class.getName()))
                .toList();
    }

    /** Leaks are reported when a collected buffer is noticed at a later allocation. */
    private static void triggerLeakReports() {
        for (int round = 0; round < 5; round++) {
            System.gc();
            System.runFinalization();
            for (int i = 0; i < 200; i++) {
                PooledByteBufAllocator.DEFAULT.buffer(8).release();
            }
        }
    }
}
