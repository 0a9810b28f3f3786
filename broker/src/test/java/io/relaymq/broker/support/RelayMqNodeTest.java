package io.relaymq.broker.support;

import io.relaymq.localinfra.junit.LocalStackExtension;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * A broker node on the shared local stack. Every broker integration test uses exactly this
 * configuration, so one Spring context (one node, one member of the msg.all consumer group) serves
 * them all; a second context would be a second node and take half of the messages.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(LocalStackExtension.class)
@ExtendWith(TestTlsMaterial.class)
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "RELAYMQ_NODE_ID=it-node-1",
            "MQTT_AUTH_ALLOW_ANONYMOUS=true",
            // the HTTP provider (off unless a test switches it on) before basic, so its fall-through reaches basic
            "MQTT_AUTH_PROVIDER_ORDER=X_509,JWT,HTTP,MQTT_BASIC",
            "ADMIN_EMAIL=" + ApiClient.ADMIN_EMAIL,
            "ADMIN_PASSWORD=" + ApiClient.ADMIN_PASSWORD,
            "JWT_TOKEN_SIGNING_KEY=" + ApiClient.SIGNING_KEY,
            // long enough that consecutive failed logins still count together on a loaded machine
            "API_LOGIN_LOCK_DURATION=60s",
            "HEALTH_SHOW_DETAILS=always",
            "LISTENER_TCP_BIND_PORT=0",
            "LISTENER_WS_BIND_PORT=0",
            "MQTT_CONNECT_TIMEOUT=3s",
            "MQTT_CONNECT_RATE=0",
            "RELAYMQ_KAFKA_MSG_ALL_PARTITIONS=4",
            "RELAYMQ_KAFKA_MSG_ALL_LINGER=0ms",
            "RELAYMQ_NODE_HEARTBEAT=1s",
            // historical statistics: a point every 2 s, so a test sees its traffic in them within seconds
            "STATS_HISTORY_INTERVAL=2s",
            // expired blocks past their clean-up TTL go within a second, so a test can see them go
            "MQTT_BLOCKED_CLIENT_CLEANUP_INTERVAL=1s",
            // test clients connect from 127.0.0.1 and name the caller they stand for in X-Forwarded-For
            "API_TRUSTED_PROXIES=127.0.0.1/32",
            // reset links expire while a test waits, yet outlast a reset done at once on a loaded machine
            "API_PASSWORD_RESET_TOKEN_TTL=15s",
            // the per-node cap is unit-tested; here it must not hold back the reset tests' mails
            "API_PASSWORD_RESET_MAX_MAILS_PER_MINUTE=1000"
        })
public @interface RelayMqNodeTest {}
