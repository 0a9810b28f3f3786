package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.relaymq.broker.auth.CredentialsService;
import io.relaymq.broker.support.Endpoints;
import io.relaymq.broker.support.RelayMqNodeTest;
import io.relaymq.broker.transport.MqttServer;
import io.relaymq.common.client.ClientType;
import io.relaymq.dao.credentials.CredentialsType;
import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Finding 6: wrong passwords queued unbounded bcrypt work in front of honest CONNECTs. Here four
 * addresses (127.0.0.2-5) keep {@value #ATTACKERS_PER_ADDRESS} connections each busy offering random
 * wrong passwords for real users; meanwhile honest clients from 127.0.0.6 (no wrong passwords), with
 * credentials nobody attacks, must get their CONNACK within {@link #HONEST_CONNECT} (one bcrypt is
 * their normal time; the node's CONNECT deadline is 3 s). Before, every wrong password was a bcrypt in
 * one FIFO queue, and the honest CONNECTs waited behind all of them; with bounded lanes and back-off alone, the attackers' refused attempts still
 * cost a credentials lookup each, or (refused before it) came back at once and were retried in a tight loop.
 */
@RelayMqNodeTest
class BcryptFloodIT {

    private static final int ATTACK_ADDRESSES = 4;
    private static final int ATTACKERS_PER_ADDRESS = 24;
    private static final int VICTIMS = 12;
    private static final int HONEST = 6;
    private static final Duration HONEST_CONNECT = Duration.ofSeconds(2);
    /** Not 127.0.0.1: other tests on the shared node send wrong passwords from there. */
    private static final String HONEST_ADDRESS = "127.0.0.6";

    @Autowired
    MqttServer server;

    @Autowired
    CredentialsService credentials;

    private final AtomicBoolean flooding = new AtomicBoolean(true);
    private final AtomicLong attempts = new AtomicLong();
    private final ExecutorService attackers = Executors.newFixedThreadPool(ATTACK_ADDRESSES * ATTACKERS_PER_ADDRESS);
    private final ExecutorService honest = Executors.newSingleThreadExecutor();
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();

    /** Ends the flood: every attacker's socket is closed, so none stays blocked in a read. */
    @AfterEach
    void stop() throws InterruptedException {
        flooding.set(false);
        attackers.shutdownNow();
        honest.shutdownNow();
        open.forEach(RawMqtt::closeQuietly);
        assertThat(attackers.awaitTermination(30, TimeUnit.SECONDS))
                .as("attackers stopped")
                .isTrue();
    }

    private String user(String prefix, String password) {
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        credentials.save(
                null,
                name,
                ClientType.DEVICE,
                CredentialsType.MQTT_BASIC,
                "{\"userName\":\"" + name
                        + "\",\"password\":\"" + password + "\",\"authRules\":{\"pubAuthRulePatterns\":[\".*\"],"
                        + "\"subAuthRulePatterns\":[\".*\"]}}");
        return name;
    }

    /** One CONNECT; the CONNACK return code, or -1 when the broker closed without one. */
    private int connect(String source, String clientId, String username, String password) throws IOException {
        try (Socket socket = RawMqtt.open(source, Endpoints.tcpPort(server))) {
            open.add(socket);
            socket.getOutputStream().write(RawMqtt.connect(clientId, username, password));
            socket.getOutputStream().flush();
            return RawMqtt.connAck(socket, 30_000);
        } finally {
            open.removeIf(Socket::isClosed);
        }
    }

    private void attack(String source, List<String> victims) {
        while (flooding.get()) {
            String victim = victims.get(ThreadLocalRandom.current().nextInt(victims.size()));
            try {
                connect(
                        source,
                        "guess-" + UUID.randomUUID(),
                        victim,
                        UUID.randomUUID().toString());
            } catch (IOException e) {
                // refused or reset under load: the attacker just tries again
            }
            attempts.incrementAndGet();
        }
    }

    @Test
    void honestClientsConnectInTheirNormalTimeDuringAFloodOfWrongPasswords() throws Exception {
        List<String> victims = new ArrayList<>();
        for (int i = 0; i < VICTIMS; i++) {
            victims.add(user("victim", "victim-secret-" + i));
        }
        List<String> honestUsers = new ArrayList<>();
        for (int i = 0; i < HONEST; i++) {
            honestUsers.add(user("honest", "honest-secret-" + i));
        }
        for (int a = 0; a < ATTACK_ADDRESSES; a++) {
            String source = "127.0.0." + (a + 2);
            for (int i = 0; i < ATTACKERS_PER_ADDRESS; i++) {
                attackers.execute(() -> attack(source, victims));
            }
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> attempts.get() >= ATTACK_ADDRESSES * ATTACKERS_PER_ADDRESS);

        for (int i = 0; i < HONEST; i++) {
            String user = honestUsers.get(i);
            String password = "honest-secret-" + i;
            CompletableFuture<Integer> connAck = CompletableFuture.supplyAsync(
                    () -> {
                        try {
                            return connect(HONEST_ADDRESS, user, user, password);
                        } catch (IOException e) {
                            throw new IllegalStateException(e);
                        }
                    },
                    honest);

            await().atMost(HONEST_CONNECT).until(connAck::isDone);
            assertThat(connAck.get())
                    .as("CONNACK of honest client %s during the flood", user)
                    .isZero();
        }
        assertThat(flooding.get()).isTrue();
    }
}
